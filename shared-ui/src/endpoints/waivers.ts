// The waivers module's calls: hooks and types, generated from the contract (waivers.gen.ts, `npm run contract`);
// each call's cache tags are in waivers.options.ts.
export * from './waivers.gen';
