// The live module's calls: hooks and types, generated from the contract (live.gen.ts, `npm run contract`);
// each call's cache tags are in live.options.ts.
export * from './live.gen';
