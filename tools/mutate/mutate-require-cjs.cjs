// Loaded first by `npm run mutate` (tools/mutate/mutate.ts) and by each of Stryker's test processes (--require).
// mocha 12 ships its command-line helpers as .cjs files (lib/cli/run-helpers.cjs, options.cjs); Stryker's
// mocha runner 9.6.1, the last for Node 20, requires them by their old names without an extension
// (lib/cli/run-helpers). Node's require tries .js, .json and .node only: this adds .cjs, compiled as
// CommonJS like any .cjs file, so those names resolve to mocha 12's files. Nothing else changes.
const Module = require('node:module');
Module._extensions['.cjs'] ??= Module._extensions['.js'];
