// The messages module's calls: hooks and types, generated from the contract (messages.gen.ts, `npm run contract`);
// each call's cache tags are in messages.options.ts.
export * from './messages.gen';
