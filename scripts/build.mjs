// Builds every bundle with esbuild: the extension host (CJS for VS Code), the webview (browser),
// the example agent and the scripted test agents (self-contained ESM, runnable by any Node 20).
import { build } from 'esbuild';
import { existsSync, mkdirSync, cpSync, readdirSync } from 'node:fs';
import { join, basename } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const production = process.argv.includes('--production');
const at = (p) => join(root, p);

/**
 * zod's namespace re-exports every message locale (`z.locales`), which a bundler cannot drop:
 * about 40% of the extension's size. Our schemas' messages are English, so the namespace gets
 * the English locale only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/.test(args.importer) ? { path: at('scripts/zodLocalesEnglish.mjs') } : undefined);
  },
};

const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', absWorkingDir: root, plugins: [zodEnglishOnly] };
const jobs = [];

if (existsSync(at('src/vscode/extension.ts'))) {
  jobs.push(build({ ...common, entryPoints: [at('src/vscode/extension.ts')], outfile: at('dist/extension.cjs'),
    platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] }));
}
// The editor tools' MCP server: its own small process, run by the extension host's binary.
if (existsSync(at('src/services/editorTools/bridgeMain.ts'))) {
  jobs.push(build({ ...common, entryPoints: [at('src/services/editorTools/bridgeMain.ts')], outfile: at('dist/editor-tools.cjs'),
    platform: 'node', format: 'cjs', target: 'node20' }));
}
if (existsSync(at('webview/main.ts'))) {
  jobs.push(build({ ...common, entryPoints: { webview: at('webview/main.ts') }, outdir: at('dist'),
    platform: 'browser', format: 'iife', target: 'es2022', loader: { '.css': 'css' } }));
}
if (existsSync(at('examples/example-agent/main.ts'))) {
  jobs.push(build({ ...common, sourcemap: false, entryPoints: [at('examples/example-agent/main.ts')],
    outfile: at('dist/example-agent.mjs'), platform: 'node', format: 'esm', target: 'node20',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } }));
}
if (existsSync(at('test/agents')) && !production) {
  const entries = readdirSync(at('test/agents')).filter((f) => f.endsWith('.agent.ts'));
  for (const f of entries) {
    jobs.push(build({ ...common, sourcemap: false, entryPoints: [at(join('test/agents', f))],
      outfile: at(join('out/test-agents', basename(f, '.ts') + '.mjs')), platform: 'node', format: 'esm', target: 'node20',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } }));
  }
}

if (existsSync(at('test/exthost/index.ts')) && !production) {
  jobs.push(build({ ...common, sourcemap: 'inline', entryPoints: [at('test/exthost/index.ts')], outfile: at('out/exthost/index.cjs'),
    platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] }));
}

const codicons = at('node_modules/@vscode/codicons/dist');
if (existsSync(codicons)) {
  mkdirSync(at('dist/codicons'), { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) cpSync(join(codicons, f), at(join('dist/codicons', f)));
}

await Promise.all(jobs);
console.log(`built ${jobs.length} bundle(s)${production ? ' (production)' : ''}`);
