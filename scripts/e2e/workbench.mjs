// Helpers that drive the VS Code workbench the way a person does: activity bar, command palette,
// webview views, status bar. Selectors follow VS Code 1.100's DOM.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens the workbench on `folder` and waits until the DOM of the workbench is there. */
export async function openWorkbench(context, baseUrl, folder, { payload } = {}) {
  const page = context.pages()[0] ?? (await context.newPage());
  let url = `${baseUrl}/?folder=${encodeURIComponent(folder)}`;
  if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  // The first window of a fresh code-server loads the whole workbench: on a busy machine that
  // takes longer than playwright's 30 s navigation default.
  await page.goto(url, { timeout: 90000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  return page;
}

export function activityIcon(page, title) {
  return page.locator(`.activitybar .action-item[aria-label^="${title}"], .activitybar a[aria-label^="${title}"]`).first();
}

export async function waitForActivityIcon(page, title, timeout = 60000) {
  await activityIcon(page, title).waitFor({ state: 'visible', timeout });
}

function quickInput(page) {
  return page.locator('.quick-input-widget');
}

async function closeQuickInput(page) {
  if (await quickInput(page).isVisible()) await page.keyboard.press('Escape');
}

/**
 * Runs a command from the palette by its full title ("Agent Chat: Open Chat"). Extension commands
 * appear some seconds after the workbench, so the palette is reopened until the row is listed.
 * `keyboard`: the row is run with Enter once it is the highlighted one, as a person who never
 * touches the mouse does, instead of clicked.
 */
export async function runCommand(page, title, { timeout = 30000, keyboard = false } = {}) {
  const started = Date.now();
  const debug = (what) => process.env.E2E_DEBUG && console.error(`  [e2e] palette "${title}": ${what} at ${Date.now() - started} ms`);
  const until = Date.now() + timeout;
  let lastErr;
  for (let attempt = 0; Date.now() < until; attempt++) {
    try {
      await closeQuickInput(page);
      // A key press can be lost while focus moves into a webview; alternate the two bindings.
      await page.keyboard.press(attempt % 2 ? 'Control+Shift+P' : 'F1');
      const input = quickInput(page).locator('input');
      await input.waitFor({ state: 'visible', timeout: 3000 });
      await input.fill(`>${title}`, { timeout: 3000 });
      const row = quickInput(page).locator('.monaco-list-row', { hasText: title }).first();
      await row.waitFor({ state: 'visible', timeout: 2500 });
      // Bounded: the row can go away between being seen and being read (the palette re-lists as
      // extensions register after a reload); a read that waits there must not eat the whole budget.
      const label = (await row.getAttribute('aria-label', { timeout: 2000 })) ?? (await row.innerText({ timeout: 2000 }));
      if (!label.toLowerCase().includes(title.toLowerCase())) throw new Error(`row "${label}" is not "${title}"`);
      debug('row listed');
      if (keyboard) {
        const highlighted = quickInput(page).locator('.monaco-list-row.focused').first();
        const name = (await highlighted.getAttribute('aria-label', { timeout: 2000 })) ?? '';
        if (!name.toLowerCase().includes(title.toLowerCase())) throw new Error(`the highlighted row is "${name}", not "${title}"`);
        await page.keyboard.press('Enter');
      } else {
        await row.click({ timeout: 3000 });
      }
      await quickInput(page).waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
      debug('ran');
      return;
    } catch (e) {
      lastErr = e;
      if (process.env.E2E_DEBUG) console.error(`palette attempt ${attempt} for "${title}": ${e.message.split('\n')[0]}`);
      await sleep(300);
    }
  }
  await closeQuickInput(page);
  throw new Error(`command "${title}" never appeared in the palette: ${lastErr?.message ?? ''}`);
}

/** Picks an entry in an open quick pick (e.g. after Select Agent) by its exact label. */
export async function pickQuickItem(page, label, { timeout = 10000 } = {}) {
  const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const row = quickInput(page).locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
  await row.waitFor({ state: 'visible', timeout });
  await row.click();
}

/**
 * Picks an agent in Select Agent by its settings key: the row reads the agent's own title once
 * it is known (a running agent's, a preset's) with the key beside it, else the key itself.
 */
export async function pickAgentItem(page, key, { timeout = 10000 } = {}) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const asLabel = page.locator('.label-name', { hasText: new RegExp(`^\\s*${escaped}\\s*$`) });
  const asKey = page.locator('.label-description', { hasText: new RegExp(`^\\s*${escaped}(\\s·.*)?\\s*$`) });
  const row = quickInput(page).locator('.monaco-list-row').filter({ has: asLabel.or(asKey) }).first();
  await row.waitFor({ state: 'visible', timeout });
  await row.click();
}

/**
 * The frame holding a webview's content: webviews are `iframe.webview` > inner iframe, both
 * served from /webview/browser/pre/; names are not stable, so the frame is found by URL and
 * by a selector that only the wanted webview's content matches.
 */
export async function webviewFrame(page, contentSelector, { timeout = 30000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      if (!frame.url().includes('/webview/browser/pre/')) continue;
      try {
        if (await frame.locator(contentSelector).count()) return frame;
      } catch {
        // frame navigated or detached while we looked
      }
    }
    await sleep(200);
  }
  throw new Error(`no webview frame with content ${contentSelector}`);
}

export function statusBarItems(page) {
  return page.locator('#workbench\\.parts\\.statusbar .statusbar-item');
}

/** Text of the first status bar item whose text matches `pattern`, waiting for it to appear. */
export async function statusBarText(page, pattern, { timeout = 15000 } = {}) {
  const until = Date.now() + timeout;
  let seen = [];
  while (Date.now() < until) {
    seen = (await statusBarItems(page).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    const hit = seen.find((t) => pattern.test(t));
    if (hit) return hit;
    await sleep(200);
  }
  throw new Error(`no status bar item matched ${pattern}; saw: ${JSON.stringify(seen)}`);
}

/** Text content of the editor currently shown (visible lines of the active Monaco editor). */
export async function activeEditorText(page) {
  return page.locator('.editor-group-container.active .monaco-editor .view-lines').first().innerText();
}

/** Opens a workspace file with Quick Open (Ctrl+P), as a person does, and waits for its tab. */
export async function openFile(page, relPath, { attempts = 6 } = {}) {
  const name = relPath.split('/').pop();
  let lastErr;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      await closeQuickInput(page);
      // As with the palette, a key press can be lost while focus moves into a webview.
      await page.keyboard.press('Control+P');
      const input = quickInput(page).locator('input');
      await input.waitFor({ state: 'visible', timeout: 3000 });
      await input.fill(relPath, { timeout: 3000 });
      const row = quickInput(page).locator('.monaco-list-row', { hasText: name }).first();
      await row.waitFor({ state: 'visible', timeout: 5000 });
      await row.click({ timeout: 3000 });
      await activeTab(page, name).waitFor({ state: 'visible', timeout: 10000 });
      return;
    } catch (e) {
      lastErr = e;
      await sleep(300);
    }
  }
  await closeQuickInput(page);
  throw new Error(`could not open ${relPath} with Quick Open: ${lastErr?.message ?? ''}`);
}

export function activeTab(page, name) {
  return page.locator('.editor-group-container.active .tab.active', { hasText: name }).first();
}

/** Text of the active editor as shown (Monaco renders spaces as U+00A0). */
export async function editorText(page) {
  const lines = page.locator('.editor-group-container.active .monaco-editor .view-lines .view-line');
  const tops = await lines.evaluateAll((els) => els.map((e) => [parseFloat(e.style.top) || 0, e.textContent ?? '']));
  return tops.sort((a, b) => a[0] - b[0]).map(([, t]) => t.replace(/\u00a0/g, ' ')).join('\n');
}

export async function focusEditor(page) {
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
}

/** Whether the active tab shows the unsaved-changes marker. */
export async function activeTabDirty(page) {
  return page.locator('.editor-group-container.active .tab.active.dirty').count().then((n) => n > 0);
}

/** Waits for the quick input to show the given title (e.g. a login method picker) and returns its row labels. */
export async function quickPickShown(page, title, { timeout = 20000 } = {}) {
  const widget = quickInput(page);
  await widget.locator('.quick-input-title', { hasText: title }).first().waitFor({ state: 'visible', timeout });
  await widget.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout });
  // A row's first label is its name; a detail line below it has a label of its own.
  return widget.locator('.monaco-list-row').evaluateAll((rows) => rows.map((r) => r.querySelector('.label-name')?.textContent?.trim() ?? ''));
}

/**
 * Types `text` into the open quick pick's filter box, so a row far down a long list (rows are
 * virtualised: only those in view exist in the DOM) is among the shown ones.
 */
export async function filterQuickPick(page, text) {
  await quickInput(page).locator('input').fill(text);
}

/** The terminal panel's tab (or single-tab title) for a terminal named `name`. */
export function terminalTab(page, name) {
  return page.locator('#workbench\\.parts\\.panel').locator('.terminal-tabs-entry, .single-terminal-tab', { hasText: name }).first();
}

/** What the visible terminal shows, line by line (needs `terminal.integrated.gpuAcceleration: off`). */
export async function terminalText(page) {
  const rows = page.locator('#workbench\\.parts\\.panel .terminal-wrapper.active .xterm-rows').first();
  return (await rows.innerText()).replace(/\u00a0/g, ' ');
}

/** Waits until the visible terminal shows text matching `pattern`; returns the whole text. */
export async function waitForTerminalText(page, pattern, { timeout = 20000 } = {}) {
  const until = Date.now() + timeout;
  let seen = '';
  while (Date.now() < until) {
    seen = await terminalText(page).catch(() => seen);
    if (pattern.test(seen)) return seen;
    await sleep(150);
  }
  throw new Error(`the terminal never showed ${pattern}; it showed:\n${seen}`);
}

/** Clicks into the visible terminal and types a line, as a person answering a prompt does. */
export async function typeInTerminal(page, line) {
  await page.locator('#workbench\\.parts\\.panel .terminal-wrapper.active .xterm-screen').first().click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** The workbench's modal dialog (showWarningMessage with `modal: true`). */
export function modalDialog(page) {
  return page.locator('.monaco-dialog-box');
}

/**
 * Waits for the modal dialog, checks that its text matches `expected` (retried: the dialog's
 * detail may draw a frame after its box) and clicks the button labelled `button`.
 */
export async function answerDialog(page, expected, button, { timeout = 20000 } = {}) {
  const dialog = modalDialog(page);
  await dialog.waitFor({ state: 'visible', timeout });
  const until = Date.now() + timeout;
  let text = '';
  while (!expected.test(text = (await dialog.innerText().catch(() => '')))) {
    if (Date.now() > until) throw new Error(`the dialog to say ${expected}: it says ${JSON.stringify(text)}`);
    await sleep(100);
  }
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: button }).first().click();
  await dialog.waitFor({ state: 'hidden', timeout });
  return text;
}
