// Journey plumbing for test/e2e/*.test.mjs. scripts/e2e/run.mjs starts one code-server and passes
// its URL in E2E_URL; each test file opens its own window (browser + workbench) on its own
// workspace folder, and each journey in it is one node:test test. A failing journey leaves a
// screenshot and the protocol log in test-results/ and names them in the failure.
import { test, before, after } from 'node:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { openWorkbench, waitForActivityIcon } from './workbench.mjs';
import { saveFailure, safeName } from './artifacts.mjs';
import { ChatPanel } from './chat.mjs';
import { instanceDirs, startCodeServer, writeUserSettings } from './server.mjs';
import { trustEnabledUserSettings } from './settings.mjs';

const baseUrl = process.env.E2E_URL;

// E2E_DEBUG=1: log how long each panel step takes, to see where a slow journey spends its time.
if (process.env.E2E_DEBUG) {
  for (const name of Object.getOwnPropertyNames(ChatPanel.prototype)) {
    const fn = ChatPanel.prototype[name];
    if (name === 'constructor' || name === 'frame' || name === 'locator' || name === 'count' || typeof fn !== 'function') continue;
    ChatPanel.prototype[name] = async function (...args) {
      const t = Date.now();
      try {
        return await fn.apply(this, args);
      } finally {
        console.error(`  [e2e] ${name}(${args.map((a) => JSON.stringify(a)).join(', ').slice(0, 60)}) ${Date.now() - t} ms`);
      }
    };
  }
}
const base = process.env.E2E_BASE;
const userData = process.env.E2E_USER_DATA;

export function writeFiles(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/**
 * A code-server of the journey's own with Workspace Trust on, sharing the installed extensions
 * of the run's server; only the journey that asks for it pays for its start.
 */
async function trustEnabledServer(name) {
  const dirs = instanceDirs(join(base, 'trust-servers', safeName(name)));
  writeUserSettings(dirs, trustEnabledUserSettings());
  const server = await startCodeServer({ dirs, workspaceTrust: true, extensionsDir: process.env.E2E_EXTENSIONS ?? dirs.extensions });
  return { ...server, userData: dirs.userData };
}

/**
 * Registers before/after hooks that open a workbench window on a fresh workspace folder with
 * `files`, wait for the Agent Chat activity-bar icon and open the chat from the palette.
 * `workspaceTrust: true` opens it in a code-server of its own where Workspace Trust is on, so
 * the folder starts untrusted (the run's shared server has trust off). Returns a handle whose
 * fields are filled in once the hook ran.
 */
export function chatWindow(name, { files = {}, openChat = true, agent = 'scripted', workspaceTrust = false } = {}) {
  if (!baseUrl || !base) throw new Error('run journeys through scripts/e2e/run.mjs (E2E_URL is not set)');
  const win = { name, workspace: join(base, 'workspaces', safeName(name)), browser: null, page: null, chat: null, server: null };
  before(async () => {
    mkdirSync(win.workspace, { recursive: true });
    writeFiles(win.workspace, files);
    if (workspaceTrust) win.server = await trustEnabledServer(name);
    win.browser = await launchBrowser();
    try {
      win.page = await openWorkbench(win.browser.context, win.server?.url ?? baseUrl, win.workspace);
      await waitForActivityIcon(win.page, 'Agent Chat');
      win.chat = new ChatPanel(win.page);
      if (openChat) {
        await win.chat.open();
        // The chosen agent outlives a window; start every file from the same one.
        await win.chat.useAgent(agent);
      }
    } catch (e) {
      const saved = await saveFailure(win.page, win.server?.userData ?? userData, `${name}-open`);
      throw annotate(e, saved);
    }
  }, { timeout: 120000 });
  after(async () => {
    await win.browser?.close();
    await win.server?.stop();
  });
  return win;
}

function annotate(e, saved) {
  const err = e instanceof Error ? e : new Error(String(e));
  if (saved.length) err.message += `\n  failure artifacts:\n    ${saved.join('\n    ')}`;
  return err;
}

/** One journey: a node:test test that saves artifacts when it fails. */
export function journey(win, name, fn, { timeout = 90000 } = {}) {
  test(name, { timeout }, async () => {
    try {
      await fn(win);
      // E2E_SCREENSHOTS=<dir>: keep a picture of every passing journey too (for reviews).
      if (process.env.E2E_SCREENSHOTS && !win.page.isClosed()) {
        mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
        await win.page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `${safeName(`${win.name}-${name}`)}.png`) });
      }
    } catch (e) {
      const saved = await saveFailure(win.page, win.server?.userData ?? userData, `${win.name}-${name}`);
      throw annotate(e, saved);
    }
  });
}
