/**
 * What the user does inside the active tab's session: send a prompt (starting the agent or
 * opening the session first when needed), cancel the turn, stop one tool call or terminal,
 * answer a permission question (from any tab), change the mode or a config option.
 */
import type { ContentBlock, PromptDelivery, StopTarget } from '../../protocol/events.js';
import type { ElicitationAnswer } from '../../agents/api.js';
import type { ElicitationEntry } from '../../thread/types.js';
import type { LiveSession } from '../agents/agentPort.js';
import type { ChatCore } from './chatCore.js';
import { errorText } from '../errorText.js';
import { buildPromptBlocks } from './promptBlocks.js';
import { seededPrompt } from '../../thread/review/resendSeed.js';
import type { ComposedPrompt } from './promptBlocks.js';
import type { SessionTab } from './sessionTabs.js';
import { describeNoSession } from '../agents/statusText.js';
import type { TabActions } from './tabActions.js';
import { t } from '../translate.js';
import { attachmentsInWorktree, worktreeSources } from '../mentions/worktreeMentions.js';

export class TurnActions {
  constructor(private readonly core: ChatCore, private readonly tabActions: TabActions) {}

  private get tab(): SessionTab {
    return this.core.tabs.active;
  }

  private get session(): LiveSession | undefined {
    return this.core.tabs.active.session;
  }

  async send(prompt: ComposedPrompt): Promise<void> {
    // A prompt sent right after activation goes to the tab it was typed in, once it is back.
    await this.core.restored;
    // The tab's session ended under it (its agent was restarted, e.g. after a login): the prompt
    // opens a fresh session below the rows instead of going to the dead one and being lost.
    const ended = this.session?.isClosed === true;
    if (ended) this.tab.session = undefined;
    if (!this.session && this.core.slot.agent.state === 'none') await this.core.ensureStarted();
    // Sent while the agent was starting (or its session opening): wait instead of refusing.
    const starting = this.core.slot.starting;
    if (!this.session && starting) await starting;
    // A saved conversation shown read-only, or a tab brought back from the last window, has no
    // session yet: the first prompt opens one (picking the earlier one up when it can).
    const slot = this.core.slot;
    const running = slot.running;
    if (!this.session && running && slot.agent.state === 'ready') {
      if (ended) this.tab.thread.notice('info', t('New session with {0}', running.config.name), t('The earlier session ended when {0} restarted, so it does not remember the conversation above.', running.config.name));
      await this.tabActions.attach(this.tab, running, slot.scope);
    }
    const session = this.session;
    if (!session) {
      this.tab.thread.notice('warning', t('No agent session to send to'), describeNoSession(this.core.slot.agent));
      return;
    }
    await this.prompt(this.tab, session, prompt);
  }

  /**
   * A queued prompt for a tab that may be in the background: it goes to that tab's open session.
   * A background tab without one is left alone (the queue keeps the prompt held) rather than
   * starting agents or opening sessions the user cannot see.
   */
  async sendTo(tabId: string, prompt: ComposedPrompt): Promise<void> {
    if (this.tab.id === tabId) return this.send(prompt);
    const tab = this.core.tabs.find(tabId);
    const session = tab?.session;
    if (!tab || !session) return;
    await this.prompt(tab, session, prompt);
  }

  /**
   * A prompt written while the shown tab's turn runs, sent now instead of queued. `steer`: an
   * agent that takes a prompt while working (ACP v2) gets it inside the running turn; any other
   * is stopped first — its partial answer stays — and gets the prompt once the cancel is
   * confirmed (or the bounded wait ran out). `stop`: that, on purpose. False when no turn runs
   * (the caller sends the prompt the ordinary way).
   */
  async sendWhileWorking(prompt: ComposedPrompt, how: 'steer' | 'stop'): Promise<boolean> {
    const tab = this.tab;
    const session = tab.session;
    if (!session || session.isClosed || !tab.thread.turnRunning) return false;
    // Over its budget the session asks first; a prompt not sent is given back by the gate.
    const gate = this.core.deps.promptGate;
    if (gate && !(await gate(tab.id, prompt))) return true;
    if (how === 'steer' && session.steer) {
      const built = await this.build(tab, prompt);
      if (!built) return true;
      const outcome = await session.steer(built);
      if (outcome === 'delivered') return true;
      if (outcome === 'no_turn' && !tab.thread.turnRunning) return false;
    }
    await session.cancel();
    if (tab.session !== session || session.isClosed) {
      tab.thread.notice('warning', t('The message was not sent'), t('The session ended while its turn was being stopped. Your message: {0}', prompt.text));
      return true;
    }
    await this.prompt(tab, session, prompt, { delivery: how === 'steer' ? 'stopped_first' : 'stopped_and_sent', gated: true });
    return true;
  }

  /** The prompt's blocks (mentions read, attachments mapped into a worktree); undefined when nothing is left to send. */
  private async build(tab: SessionTab, prompt: ComposedPrompt): Promise<ContentBlock[] | undefined> {
    const thread = tab.thread;
    const composer = this.core.pool.slotOf(tab).composer;
    const { fs, mentionSources } = this.core.deps;
    const worktree = tab.worktree;
    const sources = mentionSources ?? { readText: (path: string) => fs.readTextFile(path) };
    const built = worktree
      ? await buildPromptBlocks({ ...prompt, attachments: attachmentsInWorktree(prompt.attachments, worktree) }, composer, worktreeSources(sources, worktree, (path) => fs.readTextFile(path)))
      : await buildPromptBlocks(prompt, composer, sources);
    if (built.dropped.length > 0) thread.notice('warning', t('Some attachments were cut or not sent'), built.dropped.join('\n'));
    return built.blocks.length > 0 ? built.blocks : undefined;
  }

  /** `delivery`: how a prompt sent while a turn ran got here; `gated`: the budget gate was passed already. */
  private async prompt(tab: SessionTab, session: LiveSession, prompt: ComposedPrompt, how: { delivery?: PromptDelivery; gated?: boolean } = {}): Promise<void> {
    // Over its budget the session asks first; a prompt not sent is given back by the gate.
    const gate = this.core.deps.promptGate;
    if (!how.gated && gate && !(await gate(tab.id, prompt))) return;
    const { delivery } = how;
    const thread = tab.thread;
    // A thread in its own worktree is told of the files there: the user's folder is out of its reach.
    let built = await this.build(tab, prompt);
    if (!built) return;
    // The first message to an agent the conversation was handed to carries the conversation so far.
    const handOff = tab.handOff;
    if (handOff?.session === session) {
      tab.handOff = undefined;
      built = seededPrompt(thread.entries, thread.entries.length, built);
    }
    const review = this.core.deps.review;
    // Before the prompt goes out (bounded inside): the checkpoint "Restore to here" goes back to.
    // A thread in its own worktree is checkpointed there: the agent does not touch the user's folder.
    const before = review ? await review.checkpoints.beforePrompt(thread, tab.worktree ? [tab.worktree.path] : undefined).catch(() => []) : [];
    try {
      const done = session.prompt(built);
      // prompt_sent was applied synchronously: the user row of this turn exists now.
      const turnId = thread.session.currentTurnId;
      if (turnId && delivery) thread.apply({ kind: 'prompt_delivery', turnId, delivery });
      if (turnId && before.length) thread.apply({ kind: 'checkpoint', turnId, snapshots: before });
      const live = review && turnId && before.length ? review.checkpoints.watchTurn(thread, turnId, before, (m) => this.core.deps.log.warn(m)) : undefined;
      try {
        await done;
      } finally {
        await live?.stop();
      }
      // Also without a snapshot: the changes row then lists what the agent reported.
      if (review && turnId) {
        await review.checkpoints.afterTurn(thread, turnId, before, live?.record).catch((e: unknown) => this.core.deps.log.warn(`turn changes not computed: ${errorText(e)}`));
      }
    } catch (error) {
      // The session reports turn errors as events; anything thrown here is a local failure.
      this.core.deps.log.error(`prompt failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      if (tab.session === session) thread.notice('error', t('The prompt could not be sent'), errorText(error));
    }
  }

  /** Cancels the running turn; false when there is none. */
  async cancel(): Promise<boolean> {
    const session = this.session;
    if (!session || !this.tab.thread.turnRunning) return false;
    await session.cancel();
    return true;
  }

  /**
   * Stops one tool call or agent-owned terminal of the shown tab (v2); the turn goes on. The
   * session reports the outcome on the row itself (stopping, then the end or the refusal).
   */
  async stopWork(target: StopTarget): Promise<void> {
    const session = this.session;
    if (!session) {
      this.tab.thread.apply({ kind: 'stop_refused', target, message: describeNoSession(this.core.slot.agent) });
      return;
    }
    await session.stopWork(target);
  }

  /** Stops one subagent of the shown tab's session where the agent allows it; said on its card. */
  stopSubagent(childId: string): void {
    const session = this.session;
    if (!session?.stopSubagent) {
      this.tab.thread.apply({ kind: 'subagent_stop', childId, stop: { state: 'refused', message: describeNoSession(this.core.slot.agent) } });
      return;
    }
    session.stopSubagent(childId);
  }

  /** First answer wins: false when the request was already answered or withdrawn. */
  answerPermission(requestId: string, optionId: string): boolean {
    // The question may come from a background tab (answered from a notification).
    const tab: SessionTab = this.core.tabs.asking(requestId) ?? this.tab;
    const session = tab.session;
    if (!session || !tab.thread.takeAnswer(requestId, optionId)) return false;
    session.answerPermission(requestId, { outcome: 'selected', optionId });
    return true;
  }

  /**
   * The shown tab's answer to an elicitation. For a page (URL mode), accepting means opening it:
   * the agent hears "accept" only once `openPage` says it was opened (VS Code's own link
   * protection may ask the user first, and they may say no — then the row stays answerable).
   */
  async answerElicitation(requestId: string, answer: ElicitationAnswer, openPage: (url: string) => Promise<boolean>): Promise<boolean> {
    const tab = this.tab;
    const session = tab.session;
    const row = tab.thread.findElicitation(requestId);
    if (!session || !row || row.status !== 'pending') return false;
    if (row.prompt.mode === 'url' && answer.action === 'accept' && !(await openPage(row.prompt.url))) return false;
    const verdict = session.answerElicitation(requestId, answer);
    if (!verdict.ok && verdict.reason === 'invalid') {
      const detail = Object.entries(verdict.errors).map(([name, why]) => `${labelOf(row, name)}: ${why}`).join(' ');
      tab.thread.notice('warning', t('The answer was not sent'), detail);
    }
    return verdict.ok;
  }

  /** Mode picker: failures (the agent said no, no session) land in the thread, not in a toast. */
  async setMode(modeId: string): Promise<void> {
    await this.changeSetting(t('mode'), (session) => session.setMode(modeId));
  }

  /** Config option picker (model, thought level, toggles). */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    await this.changeSetting(t('"{0}" option', configId), (session) => session.setConfigOption(configId, value));
  }

  private async changeSetting(what: string, run: (session: LiveSession) => Promise<void>): Promise<void> {
    const session = this.session;
    const thread = this.tab.thread;
    if (!session) {
      thread.notice('warning', t('Cannot change the {0}', what), describeNoSession(this.core.slot.agent));
      return;
    }
    try {
      await run(session);
    } catch (error) {
      thread.notice('error', t('The agent did not change the {0}', what), errorText(error));
      // The picker already shows the user's choice: a session update puts it back to the agent's truth.
      thread.touchSession();
    }
  }
}

function labelOf(row: ElicitationEntry, name: string): string {
  return row.prompt.mode === 'form' ? row.prompt.fields.find((f) => f.name === name)?.label ?? name : name;
}
