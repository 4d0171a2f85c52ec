import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_JSON, CONTRACT_TYPES, contractEndpoints, contractJson, contractTypes } from './contract';
import { openApiDocumentOffline } from './openapi-document';

// `npm run contract`: writes the OpenAPI document, the front ends' generated types and the browser's endpoints by
// domain (no database needed).
async function main(): Promise<void> {
  const json = contractJson(await openApiDocumentOffline());
  writeFileSync(CONTRACT_JSON, json);
  writeFileSync(CONTRACT_TYPES, contractTypes(json));
  const endpoints = contractEndpoints(json);
  for (const [file, source] of endpoints) writeFileSync(file, source);
  for (const file of [CONTRACT_JSON, CONTRACT_TYPES, ...endpoints.keys()])
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
