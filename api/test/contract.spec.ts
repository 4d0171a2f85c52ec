import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTRACT_JSON,
  CONTRACT_TYPES,
  contractEndpoints,
  contractJson,
  contractTypes,
  ENDPOINTS_DIR,
} from '../src/openapi/contract';
import { openApiDocumentOffline } from '../src/openapi/openapi-document';

// The committed OpenAPI document and the front ends' generated types are the contract between the API and the
// remotes: they must be what the current source produces. After changing a DTO or a route: `npm run contract`.
describe('the API contract (api/openapi.json, shared-ui/src/api/contract.gen.ts, shared-ui/src/endpoints/**/*.gen.ts)', () => {
  const committedJson = readFileSync(CONTRACT_JSON, 'utf8');

  it('api/openapi.json is the document the current source produces (else run `npm run contract`)', async () => {
    expect(committedJson).toBe(contractJson(await openApiDocumentOffline()));
  });

  it('shared-ui/src/api/contract.gen.ts is generated from it (else run `npm run contract`)', () => {
    expect(readFileSync(CONTRACT_TYPES, 'utf8')).toBe(contractTypes(committedJson));
  });

  it("shared-ui/src/endpoints/**/*.gen.ts are the browser's endpoints generated from it, one per call and one per API module (else run `npm run contract`)", async () => {
    const expected = contractEndpoints(committedJson);
    const committed = readdirSync(ENDPOINTS_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.gen.ts'),
    );
    expect(committed.sort()).toEqual([...expected.keys()].map((file) => path.relative(ENDPOINTS_DIR, file)).sort());
    for (const [file, source] of expected) {
      expect(existsSync(file) && readFileSync(file, 'utf8') === source ? 'up to date' : `${file} is stale`).toBe(
        'up to date',
      );
    }
    // Each API module the browser calls has its module, each call its own, and an operation is generated once.
    expect(committed.filter((file) => !file.includes(path.sep)).sort()).toEqual(
      [
        'account',
        'campers',
        'classes',
        'discounts',
        'live',
        'messages',
        'payments',
        'rosters',
        'selections',
        'telemetry',
        'users',
        'waitlist',
        'waivers',
      ].map((d) => `${d}.gen.ts`),
    );
    const names = [...expected.values()].flatMap((source) =>
      [...source.matchAll(/^ {4}(\w+): build\.(query|mutation)/gm)].map((m) => m[1]),
    );
    // A call's module (<domain>/<call>.gen.ts) defines that call alone.
    for (const [file, source] of expected)
      if (path.dirname(file) !== ENDPOINTS_DIR)
        expect(names.filter((name) => source.includes(`    ${name}: build.`))).toEqual([
          path.basename(file, '.gen.ts'),
        ]);
    expect(names.length).toBeGreaterThan(30);
    expect(new Set(names).size).toBe(names.length);
  });
});
