// A recorded (paid) enrolment.
export interface Payment {
  _id: string;
  email: string;
  className: string;
  transactionId: string;
  price: number;
  classId: string;
  selectionId: string;
  date: Date;
  status: string;
}

export const PAYMENT_STATUS_PENDING_SERVICE = 'service pending';
