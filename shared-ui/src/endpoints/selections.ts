// The selections module's calls (a student's selected classes, selecting, removing, the payment page's selection):
// hooks and types. Generated from the contract, one module per call (selections.gen.ts, `npm run contract`); each
// call's cache tags are in selections.options.ts.
export * from './selections.gen';
