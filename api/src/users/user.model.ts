// The user as the rest of the API sees it: plain data, string ids, no persistence details.
export const ROLES = ['admin', 'instructor'] as const;
export type Role = (typeof ROLES)[number];
export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export interface User {
  _id: string;
  userName: string;
  email: string;
  userPhoto: string;
  gender?: Gender;
  /** Absent for students. */
  role?: Role;
}

/** What public lists show of a person (spec: popular user / admin listing item). */
export interface PublicPerson {
  _id: string;
  userName: string;
  userPhoto: string;
  email: string;
}

export const toPublicPerson = (u: User): PublicPerson => ({
  _id: u._id,
  userName: u.userName,
  userPhoto: u.userPhoto,
  email: u.email,
});
