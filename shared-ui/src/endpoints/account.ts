// The account module's calls (a family's credit and installments due, its statement, a payment's receipt): hooks and
// types. Generated from the contract, one module per call (account.gen.ts, `npm run contract`); each call's cache tags
// are in account.options.ts.
export * from './account.gen';
