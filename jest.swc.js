// The TypeScript transform of every jest project: swc, file by file with no type checking (`npm run typecheck`
// checks the whole tree once), several times faster than ts-jest's TypeScript compiler on a cold cache.
// `decorators`: Nest's legacy decorators with their design-time types, which its dependency injection reads.
module.exports = function swcTransform({ decorators = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: !decorators, decorators },
        transform: {
          // As tsc emits for ES2022 (tsconfig.base.json's target).
          useDefineForClassFields: true,
          ...(decorators ? { legacyDecorator: true, decoratorMetadata: true } : { react: { runtime: 'automatic' } }),
        },
      },
      module: { type: 'commonjs' },
    },
  ];
};
