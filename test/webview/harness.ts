/**
 * Drives the real webview bundle in Debian Chromium (headless) under the panel's own page and
 * CSP (src/vscode/panel/chatPage.ts, what `renderChatHtml` emits). The page
 * plays the host: a fake `acquireVsCodeApi` records what the webview posts and keeps its state
 * in localStorage so a reload restores it as VS Code would.
 */
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostToWebview, WebviewToHost } from '../../src/shared/webviewProtocol.js';
import { chatCsp, chatPageHtml } from '../../src/vscode/panel/chatPage.js';

const root = new URL('../..', import.meta.url).pathname;
export const ORIGIN = 'https://webview.test';
const NONCE = 'dGVzdC1ub25jZQ';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

/**
 * The bundle for the current sources, built once and shared by every test file (each file is its
 * own process): keyed by the sources' sizes and mtimes, published with an atomic rename.
 */
export async function cachedWebview(): Promise<string> {
  const hash = createHash('sha1');
  const walk = (p: string): void => {
    const st = statSync(p);
    if (st.isDirectory()) for (const n of readdirSync(p).sort()) walk(join(p, n));
    else hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const p of ['webview', 'src/shared', 'src/thread', 'src/protocol/events.ts', 'src/protocol/events']) if (existsSync(join(root, p))) walk(join(root, p));
  const dir = join(tmpdir(), `agent-chat-webview-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, 'webview.js'))) return dir;
  const fresh = await buildWebview();
  try {
    renameSync(fresh, dir);
  } catch {
    rmSync(fresh, { recursive: true, force: true }); // another test file published it first
  }
  return dir;
}

/** Bundles webview/main.ts (plus extra entries) into a fresh directory, as scripts/build.mjs does. */
export async function buildWebview(extraEntries: Record<string, string> = {}): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'agent-chat-webview-'));
  await build({
    entryPoints: { webview: join(root, 'webview/main.ts'), ...extraEntries },
    outdir: out, bundle: true, platform: 'browser', format: 'iife', target: 'es2022',
    loader: { '.css': 'css' }, logLevel: 'warning', absWorkingDir: root, minify: true,
  });
  mkdirSync(join(out, 'codicons'));
  for (const f of ['codicon.css', 'codicon.ttf']) cpSync(join(root, 'node_modules/@vscode/codicons/dist', f), join(out, 'codicons', f));
  return out;
}

/** The policy the extension emits (chatPage.ts), for this page's origin and nonce. */
export const CSP = chatCsp(ORIGIN, NONCE);

const DARK_THEME = `
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-font-weight: normal;
  --vscode-editor-font-family: monospace; --vscode-editor-font-size: 12px;
  --vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-errorForeground: #f85149;
  --vscode-sideBar-background: #181818; --vscode-editor-background: #1f1f1f; --vscode-editor-foreground: #cccccc;
  --vscode-focusBorder: #0078d4; --vscode-button-background: #0078d4; --vscode-button-foreground: #ffffff;
  --vscode-button-hoverBackground: #026ec1; --vscode-button-secondaryBackground: #313131;
  --vscode-button-secondaryForeground: #cccccc; --vscode-button-secondaryHoverBackground: #3c3c3c;
  --vscode-button-border: #ffffff12; --vscode-input-background: #313131; --vscode-input-foreground: #cccccc;
  --vscode-input-border: #3c3c3c; --vscode-input-placeholderForeground: #989898;
  --vscode-dropdown-background: #313131; --vscode-dropdown-foreground: #cccccc; --vscode-dropdown-border: #3c3c3c;
  --vscode-panel-border: #2b2b2b; --vscode-widget-border: #313131; --vscode-editorWidget-background: #202020;
  --vscode-textLink-foreground: #4daafc; --vscode-textLink-activeForeground: #4daafc;
  --vscode-textCodeBlock-background: #2b2b2b; --vscode-textPreformat-foreground: #d0d0d0; --vscode-textPreformat-background: #3c3c3c;
  --vscode-textBlockQuote-border: #616161; --vscode-textBlockQuote-background: #2b2b2b;
  --vscode-badge-background: #616161; --vscode-badge-foreground: #f8f8f8;
  --vscode-editorWarning-foreground: #cca700; --vscode-testing-iconPassed: #73c991;
  --vscode-inputValidation-errorBorder: #be1100; --vscode-inputValidation-errorBackground: #5a1d1d;
  --vscode-inputValidation-warningBorder: #b89500; --vscode-inputValidation-warningBackground: #352a05;
  --vscode-gitDecoration-addedResourceForeground: #81b88b; --vscode-gitDecoration-deletedResourceForeground: #c74e39;
  --vscode-debugTokenExpression-string: #ce9178; --vscode-debugTokenExpression-number: #b5cea8;
  --vscode-debugTokenExpression-name: #c586c0; --vscode-symbolIcon-keywordForeground: #569cd6;
  --vscode-symbolIcon-functionForeground: #dcdcaa; --vscode-symbolIcon-classForeground: #4ec9b0;
  --vscode-editorSuggestWidget-background: #202020; --vscode-editorSuggestWidget-border: #454545;
  --vscode-editorSuggestWidget-selectedBackground: #04395e; --vscode-list-activeSelectionForeground: #ffffff;
  --vscode-terminal-background: #181818; --vscode-terminal-foreground: #cccccc; --vscode-icon-foreground: #cccccc;
  --vscode-toolbar-hoverBackground: #5a5d5e50;`;

const LIGHT_THEME = `
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-font-weight: normal;
  --vscode-editor-font-family: monospace; --vscode-editor-font-size: 12px;
  --vscode-foreground: #3b3b3b; --vscode-descriptionForeground: #717171; --vscode-errorForeground: #f85149;
  --vscode-sideBar-background: #f8f8f8; --vscode-editor-background: #ffffff; --vscode-editor-foreground: #3b3b3b;
  --vscode-focusBorder: #005fb8; --vscode-button-background: #005fb8; --vscode-button-foreground: #ffffff;
  --vscode-button-hoverBackground: #0258a8; --vscode-button-secondaryBackground: #e5e5e5;
  --vscode-button-secondaryForeground: #3b3b3b; --vscode-button-secondaryHoverBackground: #cccccc;
  --vscode-button-border: #0000001a; --vscode-input-background: #ffffff; --vscode-input-foreground: #3b3b3b;
  --vscode-input-border: #cecece; --vscode-input-placeholderForeground: #767676;
  --vscode-dropdown-background: #ffffff; --vscode-dropdown-foreground: #3b3b3b; --vscode-dropdown-border: #cecece;
  --vscode-panel-border: #e5e5e5; --vscode-widget-border: #e5e5e5; --vscode-editorWidget-background: #f8f8f8;
  --vscode-textLink-foreground: #005fb8; --vscode-textLink-activeForeground: #005fb8;
  --vscode-textCodeBlock-background: #f2f2f2; --vscode-textPreformat-foreground: #3b3b3b; --vscode-textPreformat-background: #0000001f;
  --vscode-textBlockQuote-border: #e5e5e5; --vscode-textBlockQuote-background: #f8f8f8;
  --vscode-badge-background: #cccccc; --vscode-badge-foreground: #3b3b3b;
  --vscode-editorWarning-foreground: #bf8803; --vscode-testing-iconPassed: #388a34;
  --vscode-inputValidation-errorBorder: #be1100; --vscode-inputValidation-errorBackground: #f2dede;
  --vscode-inputValidation-warningBorder: #b89500; --vscode-inputValidation-warningBackground: #f6f5d2;
  --vscode-gitDecoration-addedResourceForeground: #587c0c; --vscode-gitDecoration-deletedResourceForeground: #ad0707;
  --vscode-debugTokenExpression-string: #a31515; --vscode-debugTokenExpression-number: #098658;
  --vscode-debugTokenExpression-name: #001080; --vscode-symbolIcon-keywordForeground: #0000ff;
  --vscode-symbolIcon-functionForeground: #795e26; --vscode-symbolIcon-classForeground: #267f99;
  --vscode-editorSuggestWidget-background: #f8f8f8; --vscode-editorSuggestWidget-border: #c8c8c8;
  --vscode-editorSuggestWidget-selectedBackground: #e8e8e8; --vscode-list-activeSelectionForeground: #000000;
  --vscode-terminal-background: #ffffff; --vscode-terminal-foreground: #3b3b3b; --vscode-icon-foreground: #3b3b3b;
  --vscode-toolbar-hoverBackground: #b8b8b850;`;

const HC_THEME = `
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-font-weight: normal;
  --vscode-editor-font-family: monospace; --vscode-editor-font-size: 12px;
  --vscode-foreground: #ffffff; --vscode-descriptionForeground: #ffffffb3; --vscode-errorForeground: #f48771;
  --vscode-sideBar-background: #000000; --vscode-editor-background: #000000; --vscode-editor-foreground: #ffffff;
  --vscode-contrastBorder: #6fc3df; --vscode-contrastActiveBorder: #f38518;
  --vscode-focusBorder: #f38518; --vscode-button-background: #000000; --vscode-button-foreground: #ffffff;
  --vscode-button-border: #6fc3df; --vscode-button-secondaryBackground: #000000; --vscode-button-secondaryForeground: #ffffff;
  --vscode-input-background: #000000; --vscode-input-foreground: #ffffff; --vscode-input-border: #6fc3df;
  --vscode-dropdown-background: #000000; --vscode-dropdown-foreground: #ffffff; --vscode-dropdown-border: #6fc3df;
  --vscode-panel-border: #6fc3df; --vscode-widget-border: #6fc3df; --vscode-editorWidget-background: #0c141f;
  --vscode-textLink-foreground: #21a6ff; --vscode-textLink-activeForeground: #21a6ff;
  --vscode-textCodeBlock-background: #000000; --vscode-textPreformat-foreground: #ffffff;
  --vscode-textBlockQuote-border: #ffffff; --vscode-badge-background: #000000; --vscode-badge-foreground: #ffffff;
  --vscode-editorWarning-foreground: #ffd370; --vscode-testing-iconPassed: #73c991;
  --vscode-inputValidation-errorBorder: #f48771; --vscode-inputValidation-errorBackground: #000000;
  --vscode-inputValidation-warningBorder: #ffd370; --vscode-inputValidation-warningBackground: #000000;
  --vscode-editorSuggestWidget-background: #000000; --vscode-editorSuggestWidget-border: #6fc3df;
  --vscode-terminal-background: #000000; --vscode-terminal-foreground: #ffffff; --vscode-icon-foreground: #ffffff;`;

export type Theme = 'dark' | 'light' | 'high-contrast';
const THEMES: Record<Theme, { vars: string; body: string }> = {
  dark: { vars: DARK_THEME, body: 'vscode-dark' },
  light: { vars: LIGHT_THEME, body: 'vscode-light' },
  'high-contrast': { vars: HC_THEME, body: 'vscode-high-contrast' },
};

/** The fake host: records posts, persists state, counts anything a payload manages to run. */
const FAKE_HOST = `
  // tsx compiles test callbacks with keepNames; functions passed to page.evaluate may call __name.
  window.__name = (f) => f;
  window.__posted = [];
  window.__violations = [];
  window.__xss = 0;
  window.__consoleErrors = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));
  window.alert = window.confirm = window.prompt = () => { window.__xss++; };
  const origError = console.error;
  console.error = (...a) => { window.__consoleErrors.push(a.map(String).join(' ')); origError.apply(console, a); };
  window.__agentChatHooks = {};
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi may be called once');
    acquired = true;
    return {
      postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => JSON.parse(localStorage.getItem('vscodeState') || 'null'),
      setState: (s) => { localStorage.setItem('vscodeState', JSON.stringify(s)); return s; },
    };
  };`;

/**
 * The extension's own page (chatPage.ts, the builder `renderChatHtml` uses) with its policy,
 * so a looser policy there is a looser policy here; the harness only adds, under the nonce,
 * the theme's variables and the fake host.
 */
function pageHtml(script = 'webview.js', theme: Theme = 'dark', locale?: string): string {
  return chatPageHtml({
    ...(locale ? { language: locale, l10n: localeBundle(locale) } : {}),
    cspSource: ORIGIN,
    nonce: NONCE,
    asset: (...parts) => `${ORIGIN}/${parts.join('/')}`,
    script,
    bodyClass: THEMES[theme].body,
    extraHead: `<style nonce="${NONCE}">html {${THEMES[theme].vars}}</style>\n<script nonce="${NONCE}">${FAKE_HOST}</script>\n`,
  });
}

/** The extension's own bundle for a locale (l10n/bundle.l10n.<locale>.json), as VS Code hands it to the host. */
function localeBundle(locale: string): Record<string, string> {
  if (!/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) throw new Error(`not a locale: ${locale}`);
  return JSON.parse(readFileSync(join(root, 'l10n', `bundle.l10n.${locale}.json`), 'utf8'));
}

const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', ttf: 'font/ttf', html: 'text/html' };

export interface Harness {
  context: BrowserContext;
  bundleDir: string;
  /** `locale`: the page carries that language's bundle, as the extension's page does under a display language. */
  open(opts?: { width?: number; height?: number; theme?: Theme; locale?: string }): Promise<Panel>;
  close(): Promise<void>;
}

export async function launchHarness(bundleDir?: string): Promise<Harness> {
  const dir = bundleDir ?? (await cachedWebview());
  const profile = mkdtempSync(join(tmpdir(), 'agent-chat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, viewport: { width: 420, height: 760 },
  });
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === '/' || url.pathname === '/index.html') {
      const theme = (url.searchParams.get('theme') ?? 'dark') as Theme;
      const locale = url.searchParams.get('locale') ?? undefined;
      return route.fulfill({ status: 200, contentType: 'text/html', body: pageHtml('webview.js', theme in THEMES ? theme : 'dark', locale) });
    }
    // `/<name>.html`: the same page around another bundle entry (the benchmark's baseline).
    const page = /^\/(\w+)\.html$/.exec(url.pathname);
    if (page) return route.fulfill({ status: 200, contentType: 'text/html', body: pageHtml(`${page[1]}.js`) });
    const ext = url.pathname.split('.').pop() ?? '';
    try {
      return route.fulfill({ status: 200, contentType: TYPES[ext] ?? 'application/octet-stream', body: readFileSync(join(dir, url.pathname)) });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
  return {
    context,
    bundleDir: dir,
    async open(opts = {}) {
      const page = await context.newPage();
      page.setDefaultTimeout(5000);
      if (opts.width) await page.setViewportSize({ width: opts.width, height: opts.height ?? 760 });
      const panel = new Panel(page, opts.theme ?? 'dark', opts.locale);
      await panel.load();
      return panel;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const LOAD_TIMEOUT = 30_000;

/** One loaded panel page, seen from the host's side. */
export class Panel {
  constructor(readonly page: Page, readonly theme: Theme = 'dark', readonly locale?: string) {}

  async load(): Promise<void> {
    // Loading the page (parsing the bundle) is the one step that grows with machine load; the
    // 5 s default for checks is too tight for it on a busy machine.
    const locale = this.locale ? `&locale=${encodeURIComponent(this.locale)}` : '';
    await this.page.goto(`${ORIGIN}/?theme=${this.theme}${locale}`, { timeout: LOAD_TIMEOUT });
    await this.page.waitForFunction(() => (globalThis as any).__posted?.some((m: { type: string }) => m.type === 'ready'), undefined, { timeout: LOAD_TIMEOUT });
  }

  /** Delivers host messages as VS Code does (a `message` event on window), then draws. */
  async send(...messages: HostToWebview[]): Promise<void> {
    await this.page.evaluate((ms) => {
      const w = globalThis as any;
      for (const m of ms) w.dispatchEvent(new w.MessageEvent('message', { data: m }));
      w.__agentChatHooks.flush();
    }, messages);
  }

  async flush(): Promise<void> {
    await this.page.evaluate(() => (globalThis as any).__agentChatHooks.flush());
  }

  async posted(): Promise<WebviewToHost[]> {
    return this.page.evaluate(() => (globalThis as any).__posted);
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => ((globalThis as any).__posted.length = 0));
  }

  /** Posted messages of one type. */
  async postedOf<T extends WebviewToHost['type']>(type: T): Promise<Array<Extract<WebviewToHost, { type: T }>>> {
    return (await this.posted()).filter((m): m is Extract<WebviewToHost, { type: T }> => m.type === type);
  }

  async violations(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as any).__violations);
  }

  async consoleErrors(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as any).__consoleErrors);
  }

  /** Persist the view state now (it is written lazily) and reload the page. */
  async reload(): Promise<void> {
    await this.page.evaluate(() => (globalThis as any).dispatchEvent(new Event('beforeunload')));
    await this.page.reload({ timeout: LOAD_TIMEOUT });
    await this.page.waitForFunction(() => (globalThis as any).__posted?.some((m: { type: string }) => m.type === 'ready'), undefined, { timeout: LOAD_TIMEOUT });
  }

  /** Saves /tmp/agent-chat-<name>.png when SCREENSHOTS=1 (for human review; skipped in normal runs). */
  async screenshot(name: string): Promise<void> {
    if (process.env.SCREENSHOTS === '1') await this.page.screenshot({ path: `/tmp/agent-chat-${name}.png` });
  }

  async count(selector: string): Promise<number> {
    return this.page.locator(selector).count();
  }

  async text(selector: string): Promise<string> {
    return (await this.page.locator(selector).first().textContent()) ?? '';
  }
}
