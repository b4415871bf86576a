// Preloaded (`--import`) by scripts/test.mjs and scripts/e2e/run.mjs into every node:test file:
// gives each test and hook that sets no `timeout` of its own the layer's bound, so a test that
// hangs fails under its own name ("✖ <name> … test timed out after N ms") and the run goes on.
// Node 20's `--test-timeout` bounds a whole file instead and names only the file.
//
// node:test's ESM exports mirror its CommonJS exports; `syncBuiltinESMExports` makes the
// wrapped functions what `import { test } from 'node:test'` finds. Suites (`describe`) are not
// bounded: a suite's time is the sum of its tests', each of which is.
// The one cost: the location node prints beside a failure ("test at …") is this file's line,
// the wrapper being the caller node sees; the test's name is what identifies it.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const bound = Number(process.env.AGENT_CHAT_TEST_TIMEOUT_MS);
if (Number.isFinite(bound) && bound > 0) {
  const nodeTest = createRequire(import.meta.url)('node:test');

  /** test(name?, options?, fn?) with `timeout` filled in when the options do not set one. */
  const bounded = (original) => {
    const wrapped = function (...args) {
      const at = typeof args[0] === 'string' ? 1 : 0;
      const options = args[at];
      if (options !== null && typeof options === 'object') {
        if (options.timeout === undefined) args[at] = { ...options, timeout: bound };
      } else {
        args.splice(at, 0, { timeout: bound });
      }
      return original.apply(this, args);
    };
    for (const variant of ['skip', 'todo', 'only']) {
      if (typeof original[variant] === 'function') wrapped[variant] = bounded(original[variant]);
    }
    return wrapped;
  };

  /** before/after/beforeEach/afterEach(fn, options?) likewise: a hook that hangs fails too. */
  const boundedHook = (original) => function (fn, options) {
    return original.call(this, fn, options?.timeout === undefined ? { ...options, timeout: bound } : options);
  };

  nodeTest.test = bounded(nodeTest.test);
  nodeTest.it = bounded(nodeTest.it);
  for (const hook of ['before', 'after', 'beforeEach', 'afterEach']) {
    if (typeof nodeTest[hook] === 'function') nodeTest[hook] = boundedHook(nodeTest[hook]);
  }
  syncBuiltinESMExports();
}
