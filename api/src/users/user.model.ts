// The user as the rest of the API sees it: plain data, string ids, no persistence details.
import type { PictureRef } from '../pictures/picture.model';

export const ROLES = ['admin', 'instructor'] as const;
export type Role = (typeof ROLES)[number];
export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export interface User {
  _id: string;
  userName: string;
  email: string;
  /** A URL (spec): the site's URL of the held photo once `picture` is ready, else the URL as given ('' for none). */
  userPhoto: string;
  /** The held photo's id and status; absent for a person without a photo. */
  picture?: PictureRef;
  gender?: Gender;
  /** Absent for students. */
  role?: Role;
}

/** What public lists show of a person (spec: popular user / admin listing item). */
export interface PublicPerson {
  _id: string;
  userName: string;
  userPhoto: string;
  picture?: PictureRef;
  email: string;
}

export const toPublicPerson = (u: User): PublicPerson => ({
  _id: u._id,
  userName: u.userName,
  userPhoto: u.userPhoto,
  ...(u.picture ? { picture: u.picture } : {}),
  email: u.email,
});
