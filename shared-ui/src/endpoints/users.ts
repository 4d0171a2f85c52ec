// The users module's calls (GET /me, the user lists, promotions): hooks and types. Generated from the contract, one
// module per call (users.gen.ts, `npm run contract`); each call's cache tags are in users.options.ts.
export * from './users.gen';
