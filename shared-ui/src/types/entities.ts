// Entity shapes of spec section 3, as the API returns them.
export type Role = 'admin' | 'instructor';
export type Gender = 'female' | 'male' | 'other';
export type ClassStatus = 'pending' | 'approved' | 'denied';

export interface User {
  _id: string;
  userName: string;
  email: string;
  userPhoto: string;
  gender?: Gender;
  role?: Role;
}

export interface CampClass {
  _id: string;
  className: string;
  classImage: string;
  instructorName: string;
  instructorEmail: string;
  seats: number;
  price: number;
  status: ClassStatus;
  date?: string;
  enrolled?: number;
  feedback?: string;
}

export interface SelectedClass {
  _id: string;
  classId: string;
  className: string;
  instructorName: string;
  seats: number;
  studentEmail: string;
  price: number;
}

export interface Payment {
  _id?: string;
  email: string;
  className: string;
  transactionId: string;
  price: number;
  id: string;
  deleteId: string;
  date: string;
  status: string;
}
