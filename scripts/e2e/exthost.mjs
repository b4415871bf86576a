// The extension-host suite (test/exthost → out/exthost/index.cjs, exporting run()) inside the
// real extension host of code-server: the workbench URL's payload names the extension under
// development (this repository) and the test module, as @vscode/test-electron does on a desktop.
// The suite writes its results to the JSON file named by AGENT_CHAT_TEST_RESULT.
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './paths.mjs';
import { launchBrowser } from './browser.mjs';
import { saveFailure } from './artifacts.mjs';

const source = join(root, 'test/exthost/index.ts');
export const exthostBundle = join(root, 'out/exthost/index.cjs');
const bundle = exthostBundle;

export function exthostSuiteAvailable() {
  return existsSync(source) || existsSync(bundle);
}

export async function ensureBundle() {
  if (!existsSync(source)) return;
  // scripts/build.mjs may bundle the suite itself; otherwise bundle it here the same way the
  // extension is bundled (CJS, `vscode` external).
  const buildScript = readFileSync(join(root, 'scripts/build.mjs'), 'utf8');
  if (buildScript.includes('test/exthost') && existsSync(bundle)) return;
  mkdirSync(join(root, 'out/exthost'), { recursive: true });
  await build({ entryPoints: [source], outfile: bundle, bundle: true, platform: 'node', format: 'cjs',
    target: 'node20', external: ['vscode'], sourcemap: 'inline', logLevel: 'warning', absWorkingDir: root });
}

/** Failed count from the results file, whatever reasonable shape the suite chose. */
export function failuresIn(result) {
  if (typeof result.failed === 'number') return result.failed;
  if (Array.isArray(result.failed)) return result.failed.length;
  if (Array.isArray(result.failures)) return result.failures.length;
  if (typeof result.ok === 'boolean') return result.ok ? 0 : 1;
  return 1;
}

// The whole suite: about 140 s on a quiet machine, several times that under load. Each test has
// its own timeout inside the suite, so this only bounds a host that never runs it at all.
export async function runExtensionHostSuite({ server, dirs, resultFile, timeoutMs = 600000 }) {
  await ensureBundle();
  rmSync(resultFile, { force: true });
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
  const payload = [['extensionDevelopmentPath', remote(root)], ['extensionTestsPath', remote(bundle)]];
  const folder = join(dirs.base, 'workspaces/exthost');
  mkdirSync(folder, { recursive: true });
  const url = `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const browser = await launchBrowser();
  let page;
  try {
    page = await browser.context.newPage();
    // The workbench page is large: under load it takes as long to load here as in the journeys (workbench.mjs).
    await page.goto(url, { timeout: 90000 });
    // The suite writes the file in one rename (test/exthost/index.ts): once it is there, it is whole.
    const until = Date.now() + timeoutMs;
    while (!existsSync(resultFile)) {
      if (Date.now() > until) throw new Error(`no results in ${resultFile} after ${timeoutMs / 1000}s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    const failed = failuresIn(result);
    console.log(`extension-host suite: ${JSON.stringify(result, null, 2)}`);
    if (failed) {
      const saved = await saveFailure(page, dirs.userData, 'exthost-suite');
      console.error(`✗ extension-host suite: ${failed} failure(s); artifacts: ${saved.join(', ')}`);
      return false;
    }
    console.log('✓ extension-host suite');
    return true;
  } catch (e) {
    const saved = await saveFailure(page, dirs.userData, 'exthost-suite');
    console.error(`✗ extension-host suite: ${e.message}; artifacts: ${saved.join(', ')}`);
    return false;
  } finally {
    await browser.close();
  }
}
