/**
 * Entry of the webview bundle: builds the panel, says `ready`, and routes host messages.
 * The host owns the truth; this page only projects it (and keeps view state across reloads).
 */
import { setActiveRules } from './rows/autoApproved.js';
import './styles/base.css';
import './styles/thread.css';
import './styles/tool.css';
import './styles/elicitation.css';
import './styles/nested.css';
import './styles/composer.css';
import './styles/highlight.css';
import { latestTurnId } from '../src/shared/messageActions.js';
import type { AgentStatus, HostToWebview, SessionTabs } from '../src/shared/webviewProtocol.js';
import type { ThreadEntry } from '../src/thread/types.js';
import { Announcer } from './a11y/announcer.js';
import { installActions } from './actions.js';
import { installCaretRest } from './caretRest.js';
import { Composer } from './composer/composer.js';
import { mayHaveQueue } from './composer/queueList.js';
import { SessionPickers } from './composer/pickers.js';
import { TabStrip } from './sessions/tabStrip.js';
import { h } from './dom.js';
import { FailurePanel } from './header/failurePanel.js';
import { AgentIntro } from './intro/agentIntro.js';
import { StatusHeader } from './header/statusHeader.js';
import { ThreadStore, assertNever } from './thread/store.js';
import { ChildThreads } from './thread/childThreads.js';
import { ChildQuestions } from './thread/childQuestions.js';
import { subagentName } from './rows/nested/subagentCard.js';
import { ThreadView } from './thread/threadView.js';
import { ViewStateStore } from './viewState.js';
import { ThreadScope } from './threadScope.js';
import { connectHost } from './vscodeApi.js';
import { t } from './l10n.js';
import { TurnAnnouncer } from './a11y/turnAnnouncer.js';
import { MessageActions } from './rows/messageActions.js';
import { setWorkspaceFolders } from './paths.js';
import { setFoldToolCalls } from './thread/toolFolds.js';
import { unpackPosted } from '../src/shared/postedText.js';

/** Test and benchmark pages may pre-define this object to reach into the running panel. */
interface TestHooks {
  flush?: () => void;
  pending?: () => number;
  /** Rows in the thread, drawn or not (a long thread keeps only those near the view in the DOM). */
  rowCount?: () => number;
  onDrawn?: () => void;
}
declare global {
  interface Window {
    __agentChatHooks?: TestHooks;
  }
}

const host = connectHost();
const viewState = new ViewStateStore(host);
const threadScope = new ThreadScope(viewState);
const announcer = new Announcer();
let lastResync = 0;
/** The tab the panel shows (from the snapshot and tab updates), to match queue messages to it. */
let shownTab: string | undefined;
/** Tabs this page has seen a queue in: their next snapshot asks the host for it again. */
const seenQueueIn = new Set<string>();
const threadView = new ThreadView(viewState, announcer, (reason) => {
  console.warn(`thread out of sync (${reason}); asking for a snapshot`);
  // A burst of bad changes should cost one snapshot, not one per change.
  if (Date.now() - lastResync > 1000) {
    lastResync = Date.now();
    host.post({ type: 'ready' });
  }
});
const store = new ThreadStore(threadView);
const children = new ChildThreads((reason) => threadView.desync(reason), (childId, open) => host.post({ type: 'childOpen', childId, open }));
threadView.setChildren(children);
const childQuestions = new ChildQuestions(() => threadView.rowContext(), (childId) => subagentName(children.card(childId)));
children.watch((childId, entry) => childQuestions.note(childId, entry));
const messageActions = new MessageActions(threadView.el);
threadView.setMessageActions(messageActions);
const header = new StatusHeader(host);
const failure = new FailurePanel();
const composer = new Composer(host, viewState);
const pickers = new SessionPickers(host);
const tabStrip = new TabStrip(host);
const intro = new AgentIntro((text) => composer.setDraft(text));
let shownAgent: AgentStatus = { state: 'none' };
const turns = new TurnAnnouncer(announcer, store);

const app = h('div', { class: 'app' }, [tabStrip.el, header.el, failure.el, intro.el, childQuestions.el, threadView.el, pickers.el, composer.el, announcer.el]);
// The host page provides #root; a bare page (tests, benchmark) gets the panel on <body>.
(document.getElementById('root') ?? document.body).append(app);
installActions(app, host);
installCaretRest();

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !e.defaultPrevented && !e.isComposing && composer.running()) {
    e.preventDefault();
    host.post({ type: 'cancel' });
  }
});
window.addEventListener('beforeunload', () => viewState.save());
/** What the intro and the message buttons were last given: most messages (row changes) change neither. */
let shownFacts: { agent: AgentStatus; empty: boolean; latest: string | undefined } | undefined;
window.addEventListener('message', (e: MessageEvent) => {
  const message = unpackPosted(e.data);
  if (message === undefined) return threadView.desync('an append came without its text');
  handle(message);
  const entries = store.all();
  const facts = { agent: shownAgent, empty: entries.length === 0, latest: latestTurnId(entries) };
  if (shownFacts && shownFacts.agent === facts.agent && shownFacts.empty === facts.empty && shownFacts.latest === facts.latest) return;
  shownFacts = facts;
  intro.set(facts.agent, facts.empty);
  messageActions.update({ agent: facts.agent, latestTurnId: facts.latest });
});

function tabStateOf(tabs: SessionTabs | undefined) {
  return tabs?.tabs.find((t) => t.id === tabs.activeId)?.state;
}

function activeBranch(tabs: SessionTabs | undefined): string | undefined {
  return tabs?.tabs.find((t) => t.id === tabs.activeId)?.branch;
}

function handle(msg: HostToWebview): void {
  if (!msg || typeof msg !== 'object') return;
  switch (msg.type) {
    case 'snapshot': {
      const s = msg.snapshot;
      // The thread left keeps the position the user scrolled to, even in the frame they scrolled.
      threadView.takePendingScroll();
      // Before any row is drawn: what the user opened or typed in this thread, not in the last one shown.
      threadScope.shown(s.tabs);
      // Before any row is drawn: rows show paths relative to these folders.
      setWorkspaceFolders(s.roots);
      setFoldToolCalls(s.foldToolCalls !== false);
      shownAgent = s.agent;
      header.setAgent(s.agent, s.agents);
      header.setFollow(s.follow === true);
      failure.set(s.agent);
      composer.setCapabilities(s.composer);
      tabStrip.set(s.tabs);
      header.setBranch(activeBranch(s.tabs));
      messageActions.update({ tabState: tabStateOf(s.tabs) });
      applySession(s.session, s.entries);
      childQuestions.reset();
      children.reset(s.children, s.entries);
      children.ask(s.asks);
      viewState.keepOnly(new Set([...s.entries.map((e) => e.id), ...children.ids()]), new Set(s.childIds ?? []));
      store.reset(s.entries);
      turns.reset(s.session.turnState);
      // The queue lives in the host, per tab: ask for the one of the tab now shown.
      shownTab = s.tabs?.activeId;
      composer.setQueue([]);
      if (mayHaveQueue(s, seenQueueIn)) host.post({ type: 'getQueue' });
      return;
    }
    case 'rows':
      // Children first: a card inserted by these changes opens onto rows that are already there.
      for (const change of msg.changes) if (change.op !== 'append' && change.entry.type === 'subagent') children.noteCard(change.entry);
      if (msg.children) children.apply(msg.children);
      children.ask(msg.asks);
      store.apply(msg.changes);
      return;
    case 'childRows':
      children.replace(msg.childId, msg.entries);
      return;
    case 'session':
      applySession(msg.session);
      return;
    case 'agent':
      shownAgent = msg.agent;
      header.setAgent(msg.agent, msg.agents);
      failure.set(msg.agent);
      composer.setCapabilities(msg.composer);
      if (msg.agent.state === 'failed') announcer.say(t('{0} failed to start: {1}', msg.agent.agentName, msg.agent.reason));
      return;
    case 'attach':
      composer.attach(msg.attachment);
      return;
    case 'focusComposer':
      composer.focus();
      return;
    case 'mentionResults':
      composer.mentionResults(msg.id, msg.items);
      return;
    case 'tabs':
      threadScope.tabsChanged(msg.tabs);
      tabStrip.set(msg.tabs);
      header.setBranch(activeBranch(msg.tabs));
      shownTab = msg.tabs.activeId;
      messageActions.update({ tabState: tabStateOf(msg.tabs) });
      return;
    case 'revealEntry':
      threadView.reveal(msg.entryId);
      return;
    case 'follow':
      header.setFollow(msg.on);
      return;
    case 'rules':
      setActiveRules(msg.active);
      return;
    case 'budget':
      // Any tab's budget may change; the header shows the shown one's.
      if (shownTab === undefined || msg.tabId === shownTab) header.setBudget(msg.budget);
      return;
    case 'returnPrompt':
      composer.takeBack(msg);
      return;
    case 'queue':
      // A late answer about a tab no longer shown is stale.
      if (shownTab !== undefined && msg.tabId !== shownTab) return;
      composer.setQueue(msg.items);
      if (msg.items.length > 0) seenQueueIn.add(msg.tabId);
      return;
    default:
      assertNever(msg);
  }
}

function applySession(session: Parameters<StatusHeader['setSession']>[0], entries: readonly ThreadEntry[] = store.all()): void {
  // The turn waits for the user: for a form the agent asked to be filled in, or for an approval.
  const answer = session.turnState === 'requires_action' && entries.some((e) => e.type === 'elicitation' && e.status === 'pending');
  header.setSession(session, answer ? 'answer' : 'approval');
  composer.setTurnState(session.turnState);
  composer.setCommands(session.commands);
  pickers.set(session);
  turns.turnState(session.turnState);
  messageActions.update({ turnState: session.turnState });
}

const hooks = window.__agentChatHooks;
if (hooks) {
  hooks.flush = () => threadView.flushNow();
  hooks.pending = () => threadView.pending();
  hooks.rowCount = () => threadView.rowCount();
  threadView.onDrawn = () => hooks.onDrawn?.();
}

host.post({ type: 'ready' });
