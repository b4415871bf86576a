/**
 * Tabs across a window reload (windows.ts plays the reload), picking their sessions up again by
 * resume or by load with replay, and history across agents (one of them too slow to list).
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TranscriptStore } from '../../src/history/store.js';
import { historyItems, historyRows, listOffers, startToList } from '../../src/vscode/history/historyPicker.js';
import { ProtocolLog } from '../../src/vscode/protocolLog.js';
import type { SubagentEntry } from '../../src/thread/types.js';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';
import { closeWindow, openWindow, said, send, withAgentSettings, WorkspaceMemento } from './windows.js';

test('tabs after a reload: the same tabs, agents, titles, rows and shown tab; each agent picked up again on the first prompt', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-restore-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const history = testAgent('restore history (exthost)', 'history', { HISTORY_AGENT_DIR: path.join(dir, 'agent') });
  const scripted = testAgent('restore scripted (exthost)', 'scripted');
  await withAgentSettings([history, scripted], async () => {
    const first = await openWindow(state, transcripts);
    assert.equal((await first.context.start(history)).state, 'ready');
    await send(first.context, 'remember apples');
    const historyTab = first.context.tabsInfo().activeId;
    assert.equal((await first.context.start(scripted)).state, 'ready');
    await send(first.context, 'hello');
    const helloRows = first.context.entries.filter((e) => e.type !== 'notice').length;
    assert.ok(first.context.switchTab(historyTab));
    const before = first.context.tabsInfo();
    await closeWindow(first, transcripts);

    const second = await openWindow(state, transcripts);
    await second.context.restored;
    const after = second.context.tabsInfo();
    // Both sessions were live: each tab says it continues on the next prompt rather than that it ended.
    assert.deepEqual(after.tabs.map((t) => [t.agentName, t.title, t.state]), before.tabs.map((t) => [t.agentName, t.title, 'restored']));
    assert.equal(after.tabs.findIndex((t) => t.id === after.activeId), before.tabs.findIndex((t) => t.id === before.activeId), 'the same tab is shown');
    // What the page remembers of each thread (folds, forms) is under the same names, though the tabs are numbered anew.
    assert.deepEqual(after.tabs.map((t) => t.threadKey), before.tabs.map((t) => t.threadKey));
    assert.equal(new Set(after.tabs.map((t) => t.threadKey)).size, after.tabs.length, 'each thread its own');
    assert.equal(second.context.readyAgents.length, 0, 'no agent was started to show them');
    assert.equal(second.context.agentStatus.state, 'none');
    assert.equal(said(second.context.entries, 'noted: remember apples'), 1, 'the shown tab has its rows');
    const [historyId, scriptedId] = after.tabs.map((t) => t.id);

    // The history agent resumes: it only takes prompts in a session it has open again.
    const resumed = await send(second.context, 'and pears');
    assert.ok(resumed.some((e) => textOf(e) === 'noted: and pears'), 'the resumed session answers');
    assert.ok(!resumed.some((e) => e.type === 'notice'), 'no note: the agent remembers');
    assert.equal(said(second.context.entries, 'noted: remember apples'), 1, 'the rows are not duplicated');
    assert.deepEqual(second.context.readyAgents, [history.name], 'only the agent sent to was started');

    // The scripted agent cannot reopen sessions: a fresh one, below a note saying so.
    assert.ok(second.context.switchTab(scriptedId!));
    assert.equal(second.context.entries.filter((e) => e.type !== 'notice').length, helloRows, 'the other tab has its rows too');
    const fresh = await send(second.context, 'hello');
    assert.ok(fresh.some((e) => e.type === 'agent'));
    const note = second.context.entries.find((e) => e.type === 'notice' && e.title === `New session with ${scripted.name}`);
    assert.ok(note && note.type === 'notice' && /does not remember/.test(note.detail ?? ''), 'the lost context is said');
    assert.ok(second.context.switchTab(historyId!));
    assert.notEqual(second.context.tabsInfo().tabs.find((t) => t.id === scriptedId)?.state, 'closed');
    await closeWindow(second, transcripts);

    // Another folder's conversation saved under the same agent and session id is not this tab's:
    // the shown tab falls back to the thread saved for it.
    const saved = (await transcripts.list()).find((t) => t.agentName === history.name)!;
    await transcripts.save({ agentName: history.name, sessionId: saved.sessionId, cwd: path.join(dir, 'elsewhere'), session: { turnState: 'idle', commands: [] },
      entries: [{ type: 'user', id: 'decoy-1', content: [{ type: 'text', text: 'decoy' }] }] });
    const third = await openWindow(state, transcripts);
    await third.context.restored;
    assert.equal(said(third.context.entries, 'decoy'), 0, 'the other folder\'s conversation is not shown');
    assert.equal(said(third.context.entries, 'noted: and pears'), 1, 'the saved thread of the shown tab is');
    await closeWindow(third, transcripts);
  });
  await fsp.rm(dir, { recursive: true, force: true });
}, 90_000);

test('a restored tab of an agent that can load but not resume: its session is replayed in place of the shown rows and goes on', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-reload-load-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const agentDir = path.join(dir, 'agent');
  const loadOnly = testAgent('restore load-only (exthost)', 'history', { HISTORY_AGENT_DIR: agentDir, HISTORY_AGENT_NO_RESUME: '1' });
  const agentSessions = async () => Object.values((JSON.parse(await fsp.readFile(path.join(agentDir, 'sessions.json'), 'utf8')) as {
    sessions: Record<string, { sessionId: string; items: Array<{ kind: string; text?: string }> }> }).sessions);
  await withAgentSettings([loadOnly], async () => {
    const first = await openWindow(state, transcripts);
    assert.equal((await first.context.start(loadOnly)).state, 'ready');
    const support = first.context.sessionSupport;
    assert.ok(support && support.load && !support.resume, `the agent loads but does not resume: ${JSON.stringify(support)}`);
    await send(first.context, 'remember apples');
    const [before] = await agentSessions();
    await closeWindow(first, transcripts);

    const second = await openWindow(state, transcripts);
    await second.context.restored;
    assert.deepEqual(second.context.tabsInfo().tabs.map((t) => t.state), ['restored']);
    assert.equal(said(second.context.entries, 'noted: remember apples'), 1, 'the saved rows are shown before any agent runs');
    const rows = await send(second.context, 'and pears');
    assert.ok(rows.some((e) => textOf(e) === 'noted: and pears'), 'the loaded session answers');
    const entries = second.context.entries;
    assert.ok(!entries.some((e) => e.type === 'notice'), `no note: the agent remembers (${JSON.stringify(entries.filter((e) => e.type === 'notice'))})`);
    // The replay took the place of the shown rows: every earlier row once, then the new turn.
    assert.equal(said(entries, 'remember apples'), 1, 'the first prompt once');
    assert.equal(said(entries, 'noted: remember apples'), 1, 'its answer once');
    assert.equal(entries.filter((e) => e.type === 'tool_call' && e.title === 'Recall "remember apples"').length, 1, 'its tool call once');
    assert.ok(entries.findIndex((e) => textOf(e) === 'noted: remember apples') < entries.findIndex((e) => textOf(e) === 'and pears'), 'in order');
    // The agent went on in the same session: no new one, both turns recorded in it.
    const after = await agentSessions();
    assert.deepEqual(after.map((s) => s.sessionId), [before!.sessionId]);
    assert.deepEqual(after[0]!.items.filter((i) => i.kind === 'user').map((i) => i.text), ['remember apples', 'and pears']);
    assert.equal(second.context.tabsInfo().tabs[0]!.state, 'idle');
    await closeWindow(second, transcripts);

    // What the next window brings back was recorded once, replay included.
    const third = await openWindow(state, transcripts);
    await third.context.restored;
    assert.deepEqual([said(third.context.entries, 'noted: remember apples'), said(third.context.entries, 'noted: and pears')], [1, 1]);
    assert.equal(third.context.tabsInfo().tabs[0]!.state, 'restored');
    await closeWindow(third, transcripts);
  });
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('a restored tab whose session its running agent deleted says it ended, and the next prompt there opens a fresh session', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-reload-deleted-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const agentDir = path.join(dir, 'agent');
  const history = testAgent('restore deleted (exthost)', 'history', { HISTORY_AGENT_DIR: agentDir });
  await withAgentSettings([history], async () => {
    const first = await openWindow(state, transcripts);
    assert.equal((await first.context.start(history)).state, 'ready');
    await send(first.context, 'one');
    await first.context.newSession();
    await send(first.context, 'two');
    await closeWindow(first, transcripts);

    const second = await openWindow(state, transcripts);
    await second.context.restored;
    const [oneTab, twoTab] = second.context.tabsInfo().tabs;
    assert.deepEqual([oneTab, twoTab].map((t) => [t?.title, t?.state]), [['one', 'restored'], ['two', 'restored']]);
    // The shown tab's agent starts and picks its session up; the other tab still waits for a prompt.
    assert.equal((await second.context.start(history)).state, 'ready');
    const stateOf = (id: string) => second.context.tabsInfo().tabs.find((t) => t.id === id)?.state;
    await until('the shown tab\'s session', () => stateOf(twoTab!.id) === 'idle');
    assert.equal(stateOf(oneTab!.id), 'restored');
    const db = JSON.parse(await fsp.readFile(path.join(agentDir, 'sessions.json'), 'utf8')) as { sessions: Record<string, { title: string | null }> };
    const oneId = Object.entries(db.sessions).find(([, s]) => s.title === 'one')![0];
    assert.equal(await second.context.deleteAgentSession(history.name, oneId), true);
    assert.equal(stateOf(oneTab!.id), 'closed', 'nothing left to continue');

    assert.ok(second.context.switchTab(oneTab!.id));
    const rows = await send(second.context, 'three');
    assert.ok(rows.some((e) => textOf(e) === 'noted: three'), 'a fresh session answers');
    const note = second.context.entries.find((e) => e.type === 'notice' && e.title === `New session with ${history.name}`);
    assert.ok(note && note.type === 'notice' && /does not remember/.test(note.detail ?? ''), 'the lost context is said');
    assert.equal(said(second.context.entries, 'noted: one'), 1, 'the rows stay above');
    await closeWindow(second, transcripts);
  });
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('closing the last tab leaves a new-session tab of the same agent, ready for a prompt', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-lasttab-'));
  const transcripts = new TranscriptStore(dir, { debounceMs: 50 });
  const window = await openWindow(state, transcripts);
  const context = window.context;
  const scripted = testAgent('last tab (exthost)', 'scripted');
  assert.equal((await context.start(scripted)).state, 'ready');
  await send(context, 'hello');
  const only = context.tabsInfo();
  assert.equal(only.tabs.length, 1);
  await context.closeTab(only.activeId);
  const now = context.tabsInfo();
  assert.equal(now.tabs.length, 1);
  assert.notEqual(now.activeId, only.activeId);
  assert.equal(now.tabs[0]!.agentName, scripted.name, 'bound to the agent of the closed tab');
  assert.equal(now.tabs[0]!.state, 'idle', 'with a session open at once');
  assert.equal(context.entries.length, 0);
  assert.equal(context.agentStatus.state === 'ready' && context.agentStatus.agentName, scripted.name, 'the header names the agent');
  const rows = await send(context, 'hello');
  assert.ok(rows.some((e) => e.type === 'agent'));
  await closeWindow(window, transcripts);
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('New Session on a tab that holds an unused session keeps it: pressed twice, still one tab and no second session/new', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-newtwice-'));
  const transcripts = new TranscriptStore(dir, { debounceMs: 50 });
  const opened: string[] = [];
  const log = new (class extends ProtocolLog {
    override message(agentName: string, direction: 'in' | 'out', message: unknown): void {
      if (direction === 'out' && (message as { method?: unknown }).method === 'session/new') opened.push(agentName);
      super.message(agentName, direction, message);
    }
  })('Agent Chat Protocol (test window)');
  const window = await openWindow(state, transcripts, log);
  const context = window.context;
  const scripted = testAgent('new twice (exthost)', 'scripted');
  assert.equal((await context.start(scripted)).state, 'ready');
  await until('the first session', () => context.tabsInfo().tabs[0]?.state === 'idle');
  const first = context.tabsInfo();
  assert.deepEqual(opened, [scripted.name]);

  await context.newSession();
  await context.newSession();
  assert.deepEqual(context.tabsInfo(), first, 'the same single tab, still idle');
  assert.deepEqual(opened, [scripted.name], 'no session opened for nothing');
  const rows = await send(context, 'hello');
  assert.ok(rows.some((e) => e.type === 'agent'), 'the kept session takes the prompt');

  // Once it holds a conversation, New Session opens a fresh session beside it.
  await context.newSession();
  const after = context.tabsInfo();
  assert.equal(after.tabs.length, 2);
  assert.notEqual(after.activeId, first.activeId);
  assert.equal(after.tabs.find((t) => t.id === after.activeId)?.state, 'idle');
  assert.deepEqual(opened, [scripted.name, scripted.name]);
  await closeWindow(window, transcripts);
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('history lists every agent: saved conversations of all, and the session lists of every running agent, grouped by agent', async () => {
  const chat = await api();
  const dirA = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-hist-a-'));
  const dirB = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-hist-b-'));
  const a = testAgent('history across A (exthost)', 'history', { HISTORY_AGENT_DIR: dirA });
  const b = testAgent('history across B (exthost)', 'history', { HISTORY_AGENT_DIR: dirB });
  assert.equal((await chat.context.start(a)).state, 'ready');
  await turn(chat, 'alpha');
  const tabA = chat.context.tabsInfo().activeId;
  assert.equal((await chat.context.start(b)).state, 'ready');
  await turn(chat, 'beta');
  assert.ok(chat.context.switchTab(tabA));
  await chat.transcripts.flush();

  const items = await chat.history.items();
  const alpha = items.find((i) => i.item.agentName === a.name && i.item.title === 'alpha');
  const beta = items.find((i) => i.item.agentName === b.name && i.item.title === 'beta');
  assert.ok(alpha?.listed && alpha.item.onAgent, 'the active agent lists its session');
  assert.ok(beta?.listed && beta.item.onAgent, 'the agent of a background tab lists its session too');
  assert.equal(items[0]!.item.agentName, a.name, 'the active tab\'s agent comes first');
  const order = items.map((i) => i.item.agentName);
  for (const name of new Set(order)) {
    const at = order.map((n, i) => (n === name ? i : -1)).filter((i) => i >= 0);
    assert.equal(at.at(-1)! - at[0]! + 1, at.length, `${name}'s conversations are together`);
  }

  // One separator per agent, naming it, above its conversations.
  const rows = historyRows(items, []);
  const separators = rows.filter((r) => r.kind === vscode.QuickPickItemKind.Separator).map((r) => r.label);
  assert.equal(separators.length, new Set(order).size);
  assert.ok(separators[0]!.startsWith(a.name) && separators.some((l) => l.startsWith(b.name)), JSON.stringify(separators));

  // Reopening B's conversation from A's tab: B keeps running (not restarted), and the tab where
  // that conversation is live is shown rather than a second tab on the same session.
  const bTabs = () => chat.context.tabsInfo().tabs.filter((t) => t.agentName === b.name).length;
  const tabsOfB = bTabs();
  await chat.history.reopen(beta);
  await until('the reopened rows', () => chat.context.entries.some((e) => textOf(e) === 'noted: beta'));
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, b.name);
  assert.equal(bTabs(), tabsOfB, 'its live tab is shown, not opened a second time');
  const more = await turn(chat, 'gamma');
  assert.ok(more.some((e) => textOf(e) === 'noted: gamma'));
  await fsp.rm(dirA, { recursive: true, force: true });
  await fsp.rm(dirB, { recursive: true, force: true });
}, 90_000);

test('history does not wait on an agent whose session/list never answers: after 5 s the others are listed and the slow one is logged', async () => {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-slow-list-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const warned: string[] = [];
  const log = new (class extends ProtocolLog {
    override warn(text: string): void {
      warned.push(text);
      super.warn(text);
    }
  })('Agent Chat Protocol (test window)');
  const window = await openWindow(new WorkspaceMemento(), transcripts, log);
  const { context } = window;
  const quick = testAgent('history quick (exthost)', 'history', { HISTORY_AGENT_DIR: path.join(dir, 'quick') });
  const stuck = testAgent('history stuck (exthost)', 'history', { HISTORY_AGENT_DIR: path.join(dir, 'stuck'), HISTORY_AGENT_LIST_HANGS: '1' });
  assert.equal((await context.start(quick)).state, 'ready');
  await send(context, 'alpha');
  assert.equal((await context.start(stuck)).state, 'ready');
  await send(context, 'omega');
  await transcripts.flush();
  assert.deepEqual(context.readyAgents.sort(), [quick.name, stuck.name].sort());

  const started = Date.now();
  const items = await historyItems(context, transcripts, log);
  const waited = Date.now() - started;
  // The slow agent gets its 5 s (a timer never fires early); it never answers, so the list
  // coming back at all, with the warning below, is the "no more" (no upper wall-clock limit a
  // loaded machine could break).
  assert.ok(waited >= 4_900, `waited ${waited} ms: the slow agent gets its 5 s`);
  const alpha = items.find((i) => i.item.agentName === quick.name && i.item.title === 'alpha');
  assert.ok(alpha?.listed && alpha.item.onAgent, 'the agent that answered is listed');
  const omega = items.find((i) => i.item.agentName === stuck.name && i.item.title === 'omega');
  assert.ok(omega && !omega.listed && omega.item.transcriptId, 'the slow agent\'s saved conversation is still there, as saved here');
  const separators = historyRows(items, []).filter((r) => r.kind === vscode.QuickPickItemKind.Separator).map((r) => r.label);
  assert.ok(separators.includes(`${stuck.name} · saved here`) && separators.includes(`${quick.name} · saved here and listed by the agent`), JSON.stringify(separators));
  assert.deepEqual(warned.filter((w) => w.startsWith('session/list')), [`session/list of ${stuck.name} failed: no answer within 5 s`]);
  await closeWindow(window, transcripts);
  await fsp.rm(dir, { recursive: true, force: true });
}, 45_000);

test('history offers configured agents that do not run; picking one starts it and its own sessions join the list', async () => {
  const chat = await api();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-offer-'));
  const cwd = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  // Sessions the agent kept from before (another client, another day); nothing of ours is saved.
  await fsp.writeFile(path.join(dir, 'sessions.json'), JSON.stringify({ seq: 1, sessions: {
    hist_1_1: { sessionId: 'hist_1_1', cwd, title: 'kept by the agent', updatedAt: '2026-01-01T00:01:00.000Z', additionalDirectories: [], items: [{ kind: 'user', text: 'kept by the agent' }] },
  } }));
  const offered = testAgent('history offer (exthost)', 'history', { HISTORY_AGENT_DIR: dir });
  await withAgentSettings([offered], async () => {
    chat.context.settingsChanged();
    const offers = listOffers(chat.context);
    const offer = offers.find((o) => o.listFrom.name === offered.name);
    assert.ok(offer, 'a configured agent that does not run is offered');
    assert.ok(offers.every((o) => !chat.context.readyAgents.includes(o.listFrom.name)), 'running agents are listed already, not offered');
    assert.ok(!(await chat.history.items()).some((i) => i.item.agentName === offered.name), 'nothing of it before it runs');

    assert.equal(await startToList(chat.context, offer.listFrom), 'listable');
    assert.ok(!listOffers(chat.context).some((o) => o.listFrom.name === offered.name), 'no longer offered once it runs');
    const kept = (await chat.history.items()).find((i) => i.item.agentName === offered.name && i.item.sessionId === 'hist_1_1');
    assert.ok(kept && kept.listed && kept.item.onAgent && !kept.item.transcriptId, 'its own session is listed');
    await chat.history.reopen(kept);
    await until('the replayed session', () => chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'kept by the agent'));
  });
  chat.context.settingsChanged();
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);

test('a restored tab whose helper still worked when the window reloaded says it was interrupted by the reload, not that it runs', async () => {
  const state = new WorkspaceMemento();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-reload-subagent-'));
  const transcripts = new TranscriptStore(path.join(dir, 'storage'), { debounceMs: 50 });
  const agent = testAgent('restore subagents (exthost)', 'subagents');
  await withAgentSettings([agent], async () => {
    const first = await openWindow(state, transcripts);
    assert.equal((await first.context.start(agent)).state, 'ready');
    await send(first.context, 'linger');
    const card = (entries: readonly { type: string }[]) => entries.find((e): e is SubagentEntry => e.type === 'subagent');
    assert.deepEqual([card(first.context.entries)?.state, card(first.context.entries)?.background], ['running', true], 'the helper outlives the turn');
    await closeWindow(first, transcripts);

    const second = await openWindow(state, transcripts);
    await second.context.restored;
    const restored = card(second.context.entries);
    assert.ok(restored, 'the card is back');
    assert.equal(restored.title, 'Keep watching');
    assert.equal(restored.interrupted, 'reload', 'it says the reload cut it short');
    assert.notEqual(restored.state, 'running');
    assert.equal(restored.background, undefined);
    // Its unfinished tool call inside the card is not left spinning either.
    const inside = second.context.childEntries(restored.childId) ?? [];
    assert.deepEqual(inside.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && [e.title, e.status]), [['Watch the build', 'cancelled']]);
    await closeWindow(second, transcripts);
  });
  await fsp.rm(dir, { recursive: true, force: true });
}, 60_000);
