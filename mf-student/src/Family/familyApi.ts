import type { ApiBody, ApiList } from '@sportify/shared-ui';

/** A child of the signed-in account (GET /campers); `age` is today's, counted by the API. */
export type Camper = ApiList<'/campers'>[number];

/** Body of POST /campers (and, every field optional, PATCH /campers/:id). */
export type CamperInput = Required<ApiBody<'/campers', 'post'>>;
