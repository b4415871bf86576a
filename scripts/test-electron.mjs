// `npm run test:electron`: the extension-host suite (test/exthost) in desktop VS Code through
// @vscode/test-electron, for machines that can download VS Code. (Where only the npm registry is
// reachable, the same suite runs inside code-server as part of `npm test -- e2e`.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { root } from './e2e/paths.mjs';
import { ensureBundle, exthostBundle, failuresIn } from './e2e/exthost.mjs';

let runTests;
try {
  ({ runTests } = await import('@vscode/test-electron'));
} catch {
  console.error('@vscode/test-electron is not installed: npm i -D @vscode/test-electron');
  process.exit(1);
}
if (!existsSync(join(root, 'test/exthost/index.ts'))) {
  console.error('no extension-host suite (test/exthost/index.ts)');
  process.exit(1);
}

const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
await ensureBundle();

const tmp = mkdtempSync(join(tmpdir(), 'agent-chat-electron-'));
const workspace = join(tmp, 'workspace');
mkdirSync(workspace);
writeFileSync(join(workspace, 'sample.txt'), 'sample\n');
const resultFile = join(tmp, 'result.json');
let code = 1;
try {
  const exit = await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath: exthostBundle,
    extensionTestsEnv: { AGENT_CHAT_TEST_RESULT: resultFile },
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', join(tmp, 'user-data'),
      '--extensions-dir', join(tmp, 'extensions')],
  });
  if (!existsSync(resultFile)) {
    console.error(`VS Code exited ${exit} without writing ${resultFile}`);
  } else {
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    console.log(JSON.stringify(result, null, 2));
    code = failuresIn(result) === 0 && exit === 0 ? 0 : 1;
  }
} catch (e) {
  console.error(`extension-host suite failed: ${e?.message ?? e}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
