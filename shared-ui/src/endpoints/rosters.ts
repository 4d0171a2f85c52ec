// The rosters module's calls (a class's roster, ticking attendance, the CSV): hooks and types. Generated from the
// contract, one module per call (rosters.gen.ts, `npm run contract`); each call's cache tags are in rosters.options.ts.
export * from './rosters.gen';
