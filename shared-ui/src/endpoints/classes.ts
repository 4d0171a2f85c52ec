// The classes module's calls (the public lists, an instructor's and the admins' lists, adding, editing and reviewing a
// class): hooks and types. Generated from the contract, one module per call (classes.gen.ts, `npm run contract`); each
// call's cache tags are in classes.options.ts.
export * from './classes.gen';
