// The campers module's calls (a family's campers, adding, editing, removing one, the family's export): hooks and types.
// Generated from the contract, one module per call (campers.gen.ts, `npm run contract`); each call's cache tags are in
// campers.options.ts.
export * from './campers.gen';
