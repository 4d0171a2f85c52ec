import type { ApiBody, ApiList } from '@sportify/shared-ui';

/** A child of the signed-in account (GET /campers); `age` is today's, counted by the API. */
export type Camper = ApiList<'/campers'>[number];

/** Body of POST /campers (and, every field optional, PATCH /campers/:id). */
export type CamperInput = Required<ApiBody<'/campers', 'post'>>;

/** A person the family names to collect a camper at check-out. */
export type Pickup = Camper['pickups'][number];
export type PickupInput = ApiBody<'/campers/{id}/pickups', 'post'>;
