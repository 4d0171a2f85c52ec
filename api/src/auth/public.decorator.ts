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

export const FORBIDDEN_WITHOUT_SESSION = 'sportify:forbidden-without-session';
/**
 * Answers a request that carries no token at all 403 with `message`, not 401: for what no session may ever see,
 * whoever signs in (a roster's medical notes and emergency contacts). An invalid or expired token is still 401.
 */
export const ForbiddenWithoutSession = (message: string) => SetMetadata(FORBIDDEN_WITHOUT_SESSION, message);
