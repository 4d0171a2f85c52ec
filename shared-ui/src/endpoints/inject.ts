// What the generated endpoint modules (<domain>.gen.ts) inject through. The domain modules are not shared at run
// time: each remote bundles the ones its screens use, so a remote can ship calls the live shell has never seen. They
// all inject into the one api the shell shares (imported by the package name, never by a path, which would bundle a
// second api). When two bundles bring the same domain, the first copy of each endpoint to arrive is kept and later
// copies are skipped (no override, no warning): an operation's generated request only changes compatibly, as the
// API does.
import { api as sharedApi, type Api, type RequestArgs } from '@sportify/shared-ui';

type Definition = { query?: (arg: unknown) => RequestArgs };

/** The generated requests name their payload `body`; it is sent as `data`, which every shell's base query reads. */
function sentAsData(definition: Definition): Definition {
  const { query } = definition;
  if (!query) return definition;
  return {
    ...definition,
    query: (arg) => {
      const { body, ...request } = query(arg);
      return body === undefined ? request : { ...request, data: body };
    },
  };
}

export const api = {
  injectEndpoints: ((options: Parameters<Api['injectEndpoints']>[0]) =>
    sharedApi.injectEndpoints({
      endpoints: (build) =>
        Object.fromEntries(
          Object.entries(options.endpoints(build) as Record<string, Definition>)
            .filter(([name]) => !(name in sharedApi.endpoints))
            .map(([name, definition]) => [name, sentAsData(definition)]),
        ) as never,
    })) as unknown as Api['injectEndpoints'],
};
