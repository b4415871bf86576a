// Where the end-to-end rig keeps things. Everything it downloads or builds lives under .cache/
// (ignored by git) and is keyed on the versions that decide whether it can be reused.
import { join, dirname } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const codeServerVersion = '4.100.3';
export const nodeMajor = process.versions.node.split('.')[0];
export const cacheDir = join(root, '.cache');
export const codeServerDir = join(cacheDir, `code-server-${codeServerVersion}-node${nodeMajor}`);
export const codeServerEntry = join(codeServerDir, 'node_modules/code-server/out/node/entry.js');
// Each e2e run keeps its failure artifacts in its own folder, so runs never clear each other's.
export const resultsRoot = join(root, 'test-results');
export const resultsDir = process.env.E2E_RESULTS_DIR ?? join(resultsRoot, `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headers for native rebuilds sit in <prefix>/include/node; without them node-gyp downloads them.
export const nodePrefix = dirname(dirname(process.execPath));
