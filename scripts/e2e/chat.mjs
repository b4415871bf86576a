// The Agent Chat panel as a person sees it: the composer, the rows of the thread, the agent's
// permission buttons. The panel is a webview, so every lookup goes through its frame, found
// again whenever VS Code reloads the webview (hide/show, window reload).
import { runCommand, webviewFrame } from './workbench.mjs';
import { expectAttribute, expectText } from './expect.mjs';
import { waitUntil } from './wait.mjs';

const COMPOSER = 'textarea.composer-input';
// Every turn-end row, drawn or not: rows are attached at once (also all of a snapshot), and get
// their stop reason when drawn, a frame or more later. Counting drawn ones only would miscount.
const TURN_END = '.row.turn-end';

export class ChatPanel {
  constructor(page) {
    this.page = page;
    this.cached = null;
  }

  /** The webview frame with the composer, re-found if VS Code recreated the webview. */
  async frame(timeout = 30000) {
    if (this.cached && !this.cached.isDetached()) {
      try {
        if (await this.cached.locator(COMPOSER).count()) return this.cached;
      } catch {
        // detached between the checks
      }
    }
    this.cached = await webviewFrame(this.page, COMPOSER, { timeout });
    return this.cached;
  }

  /**
   * Opens the panel from the palette; the command focuses the composer, so wait for that too.
   * When the chat was hidden its page is rebuilt, and on a busy machine the palette, closing,
   * can hand focus back to where it was after the new page took it; a person then runs the
   * command again (the page is there now), and so does this, once. `keyboard`: the palette is
   * driven by keys only (runCommand).
   */
  async open({ keyboard = false } = {}) {
    const focused = async (timeout) => {
      const frame = await this.frame();
      await waitUntil(() => frame.evaluate(() => document.activeElement?.classList.contains('composer-input') && document.hasFocus()),
        { timeout, message: 'the composer to take focus' });
      return frame;
    };
    await runCommand(this.page, 'Agent Chat: Open Chat', { keyboard });
    try {
      return await focused(10000);
    } catch {
      await runCommand(this.page, 'Agent Chat: Open Chat', { keyboard });
      return focused(10000);
    }
  }

  /**
   * Waits until the chat's page is gone or hidden (after showing another view): VS Code tells
   * the extension the view is hidden as it tears the page down.
   */
  async waitHidden({ timeout = 15000 } = {}) {
    await waitUntil(async () => {
      for (const frame of this.page.frames()) {
        if (!frame.url().includes('/webview/browser/pre/')) continue;
        try {
          if (await frame.locator(COMPOSER).isVisible()) return false;
        } catch {
          // detached while we looked: gone
        }
      }
      return true;
    }, { timeout, message: 'the chat to be hidden' });
    this.cached = null;
  }

  /** `keyboard`: the palette is driven by keys only (runCommand). */
  async newSession({ keyboard = false } = {}) {
    // An empty thread is no sign by itself that the command ran: the tab shown may be empty
    // already. From a tab whose live session holds a conversation the command opens another
    // tab; from a tab with no session it opens one there. A live session that holds nothing yet
    // is kept (the tab already is what New Session gives), so there is nothing to wait for.
    const active = await this.locator('.session-tab.active');
    const live = '.session-tab.active:not(.state-closed):not(.state-restored)';
    const before = (await active.count()) > 0 ? await active.getAttribute('data-tab-id') : null;
    const hadLive = before !== null && (await this.count(live)) > 0;
    const hadRows = (await this.count('[data-entry-type]')) > 0;
    await runCommand(this.page, 'Agent Chat: New Session', { keyboard });
    if (hadLive && hadRows) {
      await waitUntil(async () => (await active.count()) > 0 && (await active.getAttribute('data-tab-id')) !== before, { message: 'another tab after New Session' });
    }
    await waitUntil(async () => before === null || (await this.count(live)) > 0, { message: 'a session in the tab shown after New Session' });
    await waitUntil(async () => (await this.count('[data-entry-type]')) === 0, { message: 'an empty thread after New Session' });
    await this.waitReady();
  }

  /** Selects an agent in the panel's picker unless it is the current one, and waits for it. */
  async useAgent(name) {
    const picker = await this.locator('select.agent-picker');
    if ((await picker.inputValue()) !== name) await picker.selectOption(name);
    await waitUntil(async () => (await picker.inputValue()) === name, { message: `agent ${name} selected` });
    // The picker shows the choice at once; the panel follows when the host has switched to (or
    // opened) that agent's tab. Until then the header still speaks for the previous agent.
    await waitUntil(async () => {
      if ((await (await this.locator('.session-tab')).count()) === 0) return true;
      // The label's tooltip names the tab's agent ("<title> — <agent>", then its state, if any);
      // the tab itself shows the agent only while the strip holds tabs of several agents.
      const active = await this.locator('.session-tab.active .session-tab-label');
      const tooltip = (await active.count()) > 0 ? await active.first().getAttribute('title') : null;
      return tooltip !== null && (tooltip.endsWith(` — ${name}`) || tooltip.includes(` — ${name} (`));
    }, { message: `the ${name} tab shown` });
    await this.waitReady();
  }

  /** Waits until the header says the agent is ready, as a person would before typing. */
  async waitReady(timeout = 20000) {
    await (await this.locator('.agent-state.state-ready')).waitFor({ timeout });
  }

  async locator(selector) {
    return (await this.frame()).locator(selector);
  }

  async count(selector) {
    return (await this.locator(selector)).count();
  }

  /** Types a prompt into the composer and presses Enter, as a person does. */
  async send(text) {
    const before = await this.count(TURN_END);
    const input = await this.locator(COMPOSER);
    await input.click();
    await input.fill(text);
    await input.press('Enter');
    await waitUntil(async () => (await input.inputValue()) === '', { timeout: 15000, message: 'the composer to clear after sending' });
    return before;
  }

  /** Waits for the (before+1)-th end of turn to be drawn and returns its stop reason. */
  async turnEnd(before, { timeout = 30000 } = {}) {
    const row = (await this.locator(TURN_END)).nth(before);
    return expectAttribute(row, 'data-stop-reason', /./, { timeout, message: `end of turn #${before + 1}` });
  }

  /** Sends a prompt and waits for its turn to end; returns the stop reason. */
  async turn(text, opts) {
    const before = await this.send(text);
    return this.turnEnd(before, opts);
  }

  /**
   * The thread's rows of one entry type (user, agent, thought, tool_call, notice, ...). A tool
   * call's row holds its card (`.row.tool`, absent while the call is inside a closed fold).
   */
  async rows(type) {
    return this.locator(`.thread [data-entry-type="${type}"]`);
  }

  async lastOf(type) {
    return (await this.rows(type)).last();
  }

  /** Waits until the last row of `type` shows text matching `expected` (see expectText); returns the text. */
  async expectLast(type, expected, opts) {
    return expectText(await this.lastOf(type), expected, { message: `the last ${type} row`, ...opts });
  }

  /**
   * Waits for a row of `type` whose text contains `text`: scoped to the thread's rows, so a tab
   * label, title or header saying the same never stands in for it.
   */
  async waitForRow(type, text, { timeout = 20000 } = {}) {
    await (await this.rows(type)).filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
  }

  /** The agent's permission option buttons (in the thread's permission row). */
  async permissionOptions() {
    return this.locator('.thread .permission button.perm-option');
  }

  /** Waits for the agent's permission question to show its options. */
  async permissionButtons({ timeout = 20000 } = {}) {
    await (await this.permissionOptions()).first().waitFor({ state: 'visible', timeout });
  }

  async answerPermission(name) {
    const frame = await this.frame();
    await frame.locator('.thread .permission button.perm-option', { hasText: name }).first().click();
  }
}
