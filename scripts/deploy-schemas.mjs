#!/usr/bin/env node
// Writes the JSON schemas kubeconform validates the chart against, for the kinds the chart renders only, from the
// OpenAPI spec of one Kubernetes version (api/openapi-spec/swagger.json of the k8s.io/kubernetes Go module):
//   go mod download -json k8s.io/kubernetes@v1.34.4        (prints the module's Dir)
//   node scripts/deploy-schemas.mjs <Dir>/api/openapi-spec/swagger.json v1.34.4
// Each schema is standalone (every $ref inlined) and strict (no property the API does not know), as kubeconform
// -strict expects; files are named <kind>-<group>-<version>.json under deploy/kubernetes-schemas/<version>/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const KINDS = [
  ['', 'v1', 'ConfigMap'],
  ['', 'v1', 'PersistentVolumeClaim'],
  ['', 'v1', 'Pod'],
  ['', 'v1', 'Secret'],
  ['', 'v1', 'Service'],
  ['', 'v1', 'ServiceAccount'],
  ['apps', 'v1', 'Deployment'],
  ['autoscaling', 'v2', 'HorizontalPodAutoscaler'],
  ['batch', 'v1', 'Job'],
  ['networking.k8s.io', 'v1', 'Ingress'],
  ['networking.k8s.io', 'v1', 'NetworkPolicy'],
  ['policy', 'v1', 'PodDisruptionBudget'],
  ['rbac.authorization.k8s.io', 'v1', 'Role'],
  ['rbac.authorization.k8s.io', 'v1', 'RoleBinding'],
  ['admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicy'],
  ['admissionregistration.k8s.io', 'v1', 'ValidatingAdmissionPolicyBinding'],
];

/** Turns one OpenAPI v2 definition into a standalone, strict JSON schema. */
function convert(schema, definitions, seen = []) {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    if (seen.includes(name)) throw new Error(`recursive definition ${name}: not expected in the chart's kinds`);
    return convert(definitions[name], definitions, [...seen, name]);
  }
  // Quantities and int-or-string values are written either way in a manifest (cpu: 1, cpu: "500m").
  if (schema.format === 'int-or-string' || schema.format === 'quantity')
    return { description: schema.description, oneOf: [{ type: 'string' }, { type: 'integer' }] };
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, prop]) => [name, convert(prop, definitions, seen)]),
      );
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = convert(value, definitions, seen);
    } else if (!key.startsWith('x-kubernetes-') || key === 'x-kubernetes-group-version-kind') {
      out[key] = value;
    }
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export function writeSchemas(swaggerFile, version, outRoot) {
  const { definitions } = JSON.parse(readFileSync(swaggerFile, 'utf8'));
  const dir = path.join(outRoot, version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [group, apiVersion, kind] of KINDS) {
    const name = Object.keys(definitions).find((key) =>
      (definitions[key]['x-kubernetes-group-version-kind'] ?? []).some(
        (gvk) => gvk.group === group && gvk.version === apiVersion && gvk.kind === kind,
      ),
    );
    if (!name) throw new Error(`${kind} ${group}/${apiVersion} is not in ${swaggerFile}`);
    const schema = { $schema: 'http://json-schema.org/schema#', ...convert(definitions[name], definitions) };
    const file = `${kind.toLowerCase()}-${group ? `${group.split('.')[0]}-` : ''}${apiVersion}.json`;
    writeFileSync(path.join(dir, file), `${JSON.stringify(schema)}\n`);
    console.log(`${file} (${name})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [swagger, version] = process.argv.slice(2);
  if (!swagger || !/^v\d+\.\d+\.\d+$/.test(version ?? '')) {
    console.error('usage: node scripts/deploy-schemas.mjs <swagger.json> <vX.Y.Z>');
    process.exit(2);
  }
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'kubernetes-schemas');
  writeSchemas(swagger, version, root);
}
