/**
 * "Fork from here" and "Edit and resend" on user messages: the fork control only on the latest
 * turn, enabled only where the fork is exact, otherwise disabled with the reason as its tooltip
 * (and nothing posted); both follow the agent, the tab and the turn as they change.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { READY, agent, session, snapshot, turnEnd, user } from './fixtures.js';
import type { AgentStatus, SessionTabs } from '../../src/shared/webviewProtocol.js';
import { FORK_TOOLTIP } from '../../src/shared/messageActions.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const LOCAL = READY as Extract<AgentStatus, { state: 'ready' }>;
const FORKS: AgentStatus = { ...LOCAL, forks: true };
const TABS: SessionTabs = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'Tomatoes', state: 'idle' }] };
const TWO_TURNS = [
  user('u1', 'plant tomatoes', { turnId: 't1' }), agent('a1', 'noted'), turnEnd('e1', 'end_turn'),
  user('u2', 'water them', { turnId: 't2' }), agent('a2', 'noted too'), turnEnd('e2', 'end_turn'),
];

/** A message action by its role and label, hidden ones too (a disabled one's label goes on with the reason). */
function actionsNamed(panel: Panel, label: string) {
  return panel.page.getByRole('article', { name: 'You' }).getByRole('button', { name: new RegExp(`^${label}`), includeHidden: true });
}

/** Per user row: [fork shown, fork disabled, fork tooltip]. */
function forkStates(panel: Panel): Promise<Array<[boolean, boolean, string]>> {
  return actionsNamed(panel, 'Fork from here').evaluateAll((els) => els.map((e) => [!(e as any).hidden, e.getAttribute('aria-disabled') === 'true', e.getAttribute('title') ?? '']));
}

test('an agent that forks: the latest message offers "Fork from here" (enabled, saying what it does); earlier ones do not', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot(TWO_TURNS, { agent: FORKS, tabs: TABS }));
  assert.deepEqual(await forkStates(panel), [[false, false, 'Fork from here'], [true, false, FORK_TOOLTIP]]);
  const fork = panel.page.getByRole('button', { name: 'Fork from here', exact: true });
  assert.equal(await fork.count(), 1, 'one reachable fork control, named for a person');
  // Keyboard: it is a button in the tab order.
  await fork.focus();
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('forkFromHere'), [{ type: 'forkFromHere', turnId: 't2' }]);
  await panel.screenshot('fork-control-300');
});

test('the control follows the thread: disabled while a turn runs, moves to a newer message', async () => {
  const panel = await harness.open();
  await panel.send(snapshot(TWO_TURNS, { agent: FORKS, tabs: TABS }));
  await panel.send({ type: 'session', session: session({ turnState: 'running' }) });
  const [, running] = await forkStates(panel);
  assert.deepEqual(running!.slice(0, 2), [true, true]);
  assert.match(running![2], /wait for the turn to end/);
  await panel.send(
    { type: 'rows', changes: [{ op: 'insert', index: 6, entry: user('u3', 'pick them', { turnId: 't3' }) }] },
    { type: 'session', session: session({ turnState: 'idle' }) },
  );
  assert.deepEqual((await forkStates(panel)).map(([shown, disabled]) => [shown, disabled]), [[false, false], [false, false], [true, false]]);
  // A tab whose session ended cannot fork.
  await panel.send({ type: 'tabs', tabs: { ...TABS, tabs: [{ ...TABS.tabs[0]!, state: 'closed' }] } });
  const last = (await forkStates(panel))[2]!;
  assert.deepEqual(last.slice(0, 2), [true, true]);
  assert.match(last[2], /no open session/);
});

test('an agent without session/fork: the control is disabled, its tooltip and label say why, a click sends nothing', async () => {
  const panel = await harness.open();
  await panel.send(snapshot(TWO_TURNS, { agent: READY, tabs: TABS }));
  const [, latest] = await forkStates(panel);
  assert.deepEqual(latest!.slice(0, 2), [true, true]);
  assert.match(latest![2], /Example Agent does not offer session\/fork/);
  const fork = actionsNamed(panel, 'Fork from here').nth(1);
  assert.match(await fork.getAttribute('aria-label') ?? '', /unavailable.*does not offer session\/fork/);
  // Forced: a person can still click it (it stays focusable for its tooltip); nothing may happen.
  await fork.click({ force: true });
  assert.deepEqual(await panel.postedOf('forkFromHere'), []);
  // The agent restarts with fork support: the same button becomes usable.
  await panel.send({ type: 'agent', agent: FORKS, agents: [], composer: { image: false, audio: false, embeddedContext: false } });
  assert.deepEqual((await forkStates(panel))[1], [true, false, FORK_TOOLTIP]);
});

test('a remote (A2A) agent: fork and Edit and resend are disabled with the reason; their clicks send nothing', async () => {
  const panel = await harness.open();
  await panel.send(snapshot(TWO_TURNS, { agent: { ...LOCAL, remote: true, protocol: 'A2A v1.0' }, tabs: TABS }));
  const [, latest] = await forkStates(panel);
  assert.match(latest![2], /remote \(A2A\) agents cannot copy/);
  const edits = actionsNamed(panel, 'Edit and resend');
  assert.deepEqual(await edits.evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled'))), ['true', 'true']);
  assert.match(await edits.first().getAttribute('title') ?? '', /remote \(A2A\) agent/);
  await edits.first().click({ force: true });
  await actionsNamed(panel, 'Fork from here').nth(1).click({ force: true });
  assert.deepEqual((await panel.posted()).filter((m) => m.type === 'checkpoint' || m.type === 'forkFromHere'), []);
  // A local agent again: Edit and resend works as before.
  await panel.send(snapshot(TWO_TURNS, { agent: READY, tabs: TABS }));
  await actionsNamed(panel, 'Edit and resend').first().click();
  assert.deepEqual(await panel.postedOf('checkpoint'), [{ type: 'checkpoint', turnId: 't1', action: 'edit' }]);
});
