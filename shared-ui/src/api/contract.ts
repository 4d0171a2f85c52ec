import type { components, paths } from './contract.gen';

// The front ends' view of the API, taken from its OpenAPI document (contract.gen.ts, written by `npm run contract`):
// an endpoint names its path and method, so a changed response shape fails the type-check where it is read.
type Method = 'get' | 'post' | 'patch' | 'delete';
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Success<R> = R extends { 200: infer Ok } ? Ok : R extends { 201: infer Created } ? Created : never;

/** The JSON body a call answers with on success: `ApiResponse<'/classes', 'get'>`. */
export type ApiResponse<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? Json<Success<R>>
  : never;

/**
 * A list call's answer without query parameters: the plain array of docs/product.md §7 (with any parameter the same call answers
 * a page, `Paged<T>`): `ApiList<'/instructors'>`.
 */
export type ApiList<P extends keyof paths> = Extract<ApiResponse<P, 'get'>, unknown[]>;

/** The JSON body a call takes: `ApiBody<'/classes/selected', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody: infer B }
  ? Json<B>
  : paths[P][M] extends { requestBody?: infer B }
    ? Json<NonNullable<B>>
    : never;

type Schemas = components['schemas'];
/** A class as its owner and the admins see it (status, feedback, date). */
export type CampClass = Schemas['ClassResponse'];
/** A class as the public lists show it: no status, feedback or date. */
export type PublicClass = Schemas['PublicClassResponse'];
/** A class's picture or a person's photo as the API holds it: what the pages show (never the URL as given). */
export type PictureRef = Schemas['PictureRefResponse'];
export type UploadedPicture = Schemas['UploadedPictureResponse'];
export type ClassStatus = CampClass['status'];
export type User = Schemas['UserResponse'];
/** A person as the public lists show them. */
export type PublicPerson = Schemas['PublicPersonResponse'];
export type Role = NonNullable<User['role']>;
export type Gender = NonNullable<User['gender']>;
/** A student's selected class. */
export type SelectedClass = Schemas['SelectionResponse'];
/** A student's place on a class's waitlist (position 1 is next; 0 while a held seat is offered to them). */
export type WaitlistPlace = Schemas['WaitlistPlaceResponse'];
