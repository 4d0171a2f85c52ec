// Jest's `virtual:exposed-modules`, which a remote's build gives its standalone start-up
// (build/plugins/exposed-modules.js): the same files by module name, read from the same federation.config.js
// (jest.frontend.js), each required when first asked for.
/* global SPORTIFY_EXPOSED_MODULES */
module.exports = Object.fromEntries(
  Object.entries(SPORTIFY_EXPOSED_MODULES).map(([name, file]) => [
    name,
    () => Promise.resolve().then(() => require(file)),
  ]),
);
