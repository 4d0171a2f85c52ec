import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'sportify:public';
/** Marks a route as callable without an API token. Everything else needs one (the guard is global). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ACCEPTS_FIREBASE_TOKEN = 'sportify:firebase-token';
/**
 * Also accepts a Firebase ID token instead of the API token, for the registration call made right after sign-up,
 * before the browser has exchanged its Firebase token at POST /jwt.
 */
export const AcceptsFirebaseIdToken = () => SetMetadata(ACCEPTS_FIREBASE_TOKEN, true);
