// The discounts module's calls (the sibling discount, early-bird prices, promo codes; admins only): hooks and types.
// Generated from the contract, one module per call (discounts.gen.ts, `npm run contract`); each call's cache tags are
// in discounts.options.ts.
export * from './discounts.gen';
