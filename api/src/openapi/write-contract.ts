import 'reflect-metadata';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTRACT_JSON,
  CONTRACT_TYPES,
  contractEndpoints,
  contractJson,
  contractTypes,
  ENDPOINTS_DIR,
} from './contract';
import { openApiDocumentOffline } from './openapi-document';

// `npm run contract`: writes the OpenAPI document, the front ends' generated types and the browser's endpoints by
// domain (no database needed).
async function main(): Promise<void> {
  const json = contractJson(await openApiDocumentOffline());
  writeFileSync(CONTRACT_JSON, json);
  writeFileSync(CONTRACT_TYPES, contractTypes(json));
  const endpoints = contractEndpoints(json);
  // A call or domain the API no longer has loses its generated module.
  for (const file of readdirSync(ENDPOINTS_DIR, { recursive: true, encoding: 'utf8' }))
    if (file.endsWith('.gen.ts') && !endpoints.has(path.join(ENDPOINTS_DIR, file)))
      rmSync(path.join(ENDPOINTS_DIR, file));
  for (const [file, source] of endpoints) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  for (const file of [CONTRACT_JSON, CONTRACT_TYPES, ...endpoints.keys()])
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
