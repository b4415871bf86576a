// `npm run package`: production build, then the VSIX with @vscode/vsce. Bundles carry their
// dependencies, so the VSIX needs no node_modules (--no-dependencies); .vscodeignore keeps it to
// dist/, media/, package.json, README.md and LICENSE.
//   node scripts/package.mjs [--out <file.vsix>] [--skip-build]
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function run(args, what) {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

export function packageVsix({ out, build = true } = {}) {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  out = resolve(root, out ?? `${name}-${version}.vsix`);
  if (build) run([join(root, 'scripts/build.mjs'), '--production'], 'production build');
  mkdirSync(dirname(out), { recursive: true });
  const vsce = join(root, 'node_modules/@vscode/vsce/vsce');
  const listing = run([vsce, 'package', '--no-dependencies', '--allow-missing-repository',
    '--skip-license', '--no-rewrite-relative-links', '--out', out], 'vsce package');
  return { path: out, bytes: statSync(out).size, listing };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--out');
  try {
    const res = packageVsix({ out: at >= 0 ? argv[at + 1] : undefined, build: !argv.includes('--skip-build') });
    process.stdout.write(res.listing);
    console.log(`${res.path} (${(res.bytes / 1024).toFixed(1)} KB)`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
