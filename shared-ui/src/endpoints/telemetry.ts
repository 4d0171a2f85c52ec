// The telemetry module's calls (page loads and errors per release, for Platform Status): hooks and types. Generated
// from the contract, one module per call (telemetry.gen.ts, `npm run contract`); each call's cache tags are in
// telemetry.options.ts.
export * from './telemetry.gen';
