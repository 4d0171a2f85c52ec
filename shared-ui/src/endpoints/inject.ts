// What the generated calls (<domain>/<call>.gen.ts) inject through. The domain modules are not shared at run time:
// each remote bundles the calls its screens use, so a remote can ship calls the live shell has never seen. They all
// inject into the one api the shell shares (imported by the package name, never by a path, which would bundle a
// second api). When two bundles bring the same call, the first copy to arrive is kept and later copies are skipped (no
// override, no warning): a call's generated request only changes compatibly, as the API does.
import type { BaseQueryFn, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import {
  api as sharedApi,
  type Api,
  type ApiError,
  type ApiTagType,
  type RequestArgs,
  type RequestOptions,
} from '@sportify/shared-ui';

/** Tag types newer than the shared api: added when a call is injected, so no shell build is needed for them. */
const NEWER_TAG_TYPES = ['Camper', 'Roster', 'Messages', 'Waiver', 'WaiverSignature', 'FamilyDay', 'Discount'] as const;
type TagType = ApiTagType | (typeof NEWER_TAG_TYPES)[number];
type BaseQuery = BaseQueryFn<RequestArgs, unknown, ApiError, RequestOptions>;

/** What a query adds to its generated request: its cache tags and time, request options, an update on start. */
export type QueryOptions<Result = unknown, Arg = unknown> = Partial<
  Pick<
    QueryDefinition<Arg, BaseQuery, TagType, Result>,
    'providesTags' | 'keepUnusedDataFor' | 'extraOptions' | 'onQueryStarted'
  >
>;
/** What a mutation adds to its generated request: the tags it invalidates, request options, an update on start. */
export type MutationOptions<Result = unknown, Arg = unknown> = Partial<
  Pick<MutationDefinition<Arg, BaseQuery, TagType, Result>, 'invalidatesTags' | 'extraOptions' | 'onQueryStarted'>
>;

type Definition = { query?: (arg: unknown) => RequestArgs };
/** What a generated call injects through (the call's options applied). */
export interface Injector {
  injectEndpoints: Api['injectEndpoints'];
}

/** The generated requests name their payload `body`; it is sent as `data`, which every shell's base query reads. */
function sentAsData(definition: Definition): Definition {
  const { query } = definition;
  return query
    ? {
        ...definition,
        query: (arg) => {
          const { body, ...request } = query(arg);
          return body === undefined ? request : { ...request, data: body };
        },
      }
    : definition;
}

function injector(options: object): Injector {
  return {
    injectEndpoints: ((injected: Parameters<Api['injectEndpoints']>[0]) =>
      sharedApi.enhanceEndpoints({ addTagTypes: NEWER_TAG_TYPES }).injectEndpoints({
        endpoints: (build) =>
          Object.fromEntries(
            Object.entries(injected.endpoints(build as never) as Record<string, Definition>)
              .filter(([name]) => !(name in sharedApi.endpoints))
              .map(([name, definition]) => [name, { ...sentAsData(definition), ...options }]),
          ) as never,
      })) as unknown as Api['injectEndpoints'],
  };
}

/**
 * A query call's options, in `<domain>.options.ts` under the call's name (`export const classesPopular =
 * query({ providesTags: [...] })`): its generated module injects through it. Free of side effects until the call is
 * injected, so a bundle without the call drops its options too.
 */
/*#__NO_SIDE_EFFECTS__*/
export function query<Result = unknown, Arg = unknown>(options: QueryOptions<Result, Arg> = {}): Injector {
  return injector(options);
}

/** A mutation call's options, as `query` is a query's. */
/*#__NO_SIDE_EFFECTS__*/
export function mutation<Result = unknown, Arg = unknown>(options: MutationOptions<Result, Arg> = {}): Injector {
  return injector(options);
}
