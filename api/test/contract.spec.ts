import { readFileSync } from 'node:fs';
import { CONTRACT_JSON, CONTRACT_TYPES, contractJson, contractTypes } from '../src/openapi/contract';
import { openApiDocumentOffline } from '../src/openapi/openapi-document';

// The committed OpenAPI document and the front ends' generated types are the contract between the API and the
// remotes: they must be what the current source produces. After changing a DTO or a route: `npm run contract`.
describe('the API contract (api/openapi.json and shared-ui/src/api/contract.gen.ts)', () => {
  const committedJson = readFileSync(CONTRACT_JSON, 'utf8');

  it('api/openapi.json is the document the current source produces (else run `npm run contract`)', async () => {
    expect(committedJson).toBe(contractJson(await openApiDocumentOffline()));
  });

  it('shared-ui/src/api/contract.gen.ts is generated from it (else run `npm run contract`)', () => {
    expect(readFileSync(CONTRACT_TYPES, 'utf8')).toBe(contractTypes(committedJson));
  });
});
