// The payments module's calls (the card's intent and its confirmation, recording and cancelling a payment, a student's
// enrolments, the admins' payment lists): hooks and types. Generated from the contract, one module per call
// (payments.gen.ts, `npm run contract`); each call's cache tags are in payments.options.ts.
export * from './payments.gen';
