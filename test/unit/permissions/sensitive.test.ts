import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sensitiveReason } from '../../../src/permissions/sensitive.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';

const linux = pathFlavor('linux');
const windows = pathFlavor('win32');
const mac = pathFlavor('darwin');

const SENSITIVE: Array<[string, RegExp]> = [
  ['/ws/.env', /environment file/],
  ['/ws/.env.local', /environment file/],
  ['/ws/config/.envrc', /environment file/],
  ['/ws/deploy/prod.env', /environment file/],
  ['/ws/.ENV', /environment file/],
  ['/ws/certs/server.pem', /\*\.pem/],
  ['/ws/certs/server.key', /\*\.key/],
  ['/ws/certs/bundle.p12', /\*\.p12/],
  ['/ws/certs/bundle.PFX', /\*\.pfx/],
  ['/ws/keys/id_rsa', /key file/],
  ['/ws/keys/id_ed25519.pub', /key file/],
  ['/ws/.npmrc', /credentials file/],
  ['/ws/.git/config', /inside \.git\//],
  ['/ws/.git/hooks/pre-commit', /inside \.git\//],
  ['/ws/.git', /the \.git\/ folder/],
  ['/ws/sub/.git/HEAD', /inside \.git\//],
  ['/ws/.vscode/settings.json', /inside \.vscode\//],
  ['/ws/.vscode/tasks.json', /inside \.vscode\//],
  ['/ws/.env/values.json', /inside \.env\/, an environment file/],
  ['/ws/.ssh/config', /inside \.ssh\//],
  ['/elsewhere/a.txt', /outside the workspace/],
  ['/ws-other/a.txt', /outside the workspace/],
  ['/', /outside the workspace/],
];

const PLAIN = ['/ws', '/ws/src/app.ts', '/ws/README.md', '/ws/environment.ts', '/ws/src/keyboard.ts', '/ws/docs/git.md', '/ws/.github/workflows/ci.yml', '/ws/src/monkey.txt'];

test('sensitive targets always ask: secrets, .git/, .vscode/, outside the roots', () => {
  for (const [path, why] of SENSITIVE) assert.match(sensitiveReason(linux, ['/ws'], path) ?? 'NOT SENSITIVE', why, path);
});

test('ordinary files are not sensitive', () => {
  for (const path of PLAIN) assert.equal(sensitiveReason(linux, ['/ws'], path), undefined, path);
});

test('only the part below the workspace folder counts (a workspace inside ~/.vscode is not all sensitive)', () => {
  assert.equal(sensitiveReason(linux, ['/home/u/.vscode/extensions/mine'], '/home/u/.vscode/extensions/mine/src/a.ts'), undefined);
  assert.match(sensitiveReason(linux, ['/home/u/.vscode/extensions/mine'], '/home/u/.vscode/extensions/mine/.vscode/launch.json') ?? '', /\.vscode/);
});

test('Windows: case and separators do not hide a sensitive target', () => {
  assert.match(sensitiveReason(windows, ['C:\\ws'], 'C:\\WS\\.Git\\config') ?? '', /inside \.Git\//);
  assert.match(sensitiveReason(windows, ['C:\\ws'], 'c:\\ws\\App\\.Env.Production') ?? '', /environment file/);
  assert.match(sensitiveReason(windows, ['C:\\ws'], 'D:\\ws\\a.txt') ?? '', /outside/);
  assert.equal(sensitiveReason(windows, ['C:\\ws'], 'C:\\WS\\src\\App.ts'), undefined);
});

test('macOS is case-insensitive: /WS is the workspace; Linux is not', () => {
  assert.equal(sensitiveReason(mac, ['/ws'], '/WS/src/a.ts'), undefined);
  assert.match(sensitiveReason(linux, ['/ws'], '/WS/src/a.ts') ?? '', /outside/);
  assert.match(sensitiveReason(mac, ['/ws'], '/WS/.VSCODE/tasks.json') ?? '', /\.VSCODE/);
});

test('several roots: each root is the workspace', () => {
  assert.equal(sensitiveReason(linux, ['/a', '/b'], '/b/src/x.ts'), undefined);
  assert.match(sensitiveReason(linux, ['/a', '/b'], '/c/x.ts') ?? '', /outside/);
});
