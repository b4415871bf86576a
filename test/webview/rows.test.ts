/** Every entry kind rendered into the real DOM, and rows changing in place as the host streams. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, notice, plan, session, snapshot, text, thought, tool, turnEnd, user } from './fixtures.js';

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  // Each page is a new panel: pages of one browser share localStorage, and a fold one test opened
  // (which ends following the bottom) would start the next test's thread away from its bottom.
  await harness.context.addInitScript(() => (globalThis as any).localStorage.clear());
});
after(async () => { await harness?.close(); });

let last: Panel | undefined;
/** A new panel; the last test's page is closed first, so a view state it was about to save cannot reach this one's storage. */
async function fresh(): Promise<Panel> {
  await last?.page.close();
  last = await harness.open();
  return last;
}

/** Tags a row's element so a later check can tell whether the same node survived. */
async function tag(panel: Panel, id: string): Promise<void> {
  await panel.page.evaluate((i) => { (globalThis as any).document.querySelector(`[data-entry-id="${i}"]`).__tag = i; }, id);
}
async function sameNode(panel: Panel, id: string): Promise<boolean> {
  return panel.page.evaluate((i) => (globalThis as any).document.querySelector(`[data-entry-id="${i}"]`)?.__tag === i, id);
}

test('user and agent messages render Markdown with highlighted, actionable code blocks', async () => {
  const panel = await fresh();
  await panel.send(snapshot([
    user('u1', 'Fix *this*'),
    agent('a1', '# Title\n\nSee [docs](https://example.com/docs) or https://example.org.\n\n```ts\nconst answer: number = 42;\n```\n'),
  ]));
  assert.equal(await panel.text('.row.user em'), 'this');
  assert.equal(await panel.text('.row.agent h1'), 'Title');
  assert.ok(await panel.count('.row.agent .hljs-keyword') >= 1, 'code is highlighted');
  assert.equal(await panel.count('.row.agent a.md-link'), 2, 'explicit link and linkified URL');

  await panel.page.locator('.row.agent a.md-link').first().click();
  await panel.page.locator('.code-block button[data-action="copy-code"]').click();
  await panel.page.locator('.code-block button[data-action="insert-code"]').click();
  assert.deepEqual(await panel.postedOf('openLink'), [{ type: 'openLink', href: 'https://example.com/docs' }]);
  assert.deepEqual(await panel.postedOf('copy'), [{ type: 'copy', text: 'const answer: number = 42;\n' }]);
  assert.deepEqual(await panel.postedOf('insertAtCursor'), [{ type: 'insertAtCursor', text: 'const answer: number = 42;\n' }]);
  assert.equal(new URL(panel.page.url()).pathname, '/', 'a link click never navigates the webview');
  assert.deepEqual(await panel.violations(), [], 'the bundle runs under the panel CSP without violations');
  assert.deepEqual(await panel.consoleErrors(), []);
  await panel.screenshot('messages');
});

test('images only as data: URIs; remote Markdown images are dropped', async () => {
  const panel = await fresh();
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  await panel.send(snapshot([
    { type: 'agent', id: 'a1', content: [text('Look: ![remote](https://evil.test/pixel.png)'), { type: 'image', mimeType: 'image/png', data: png }, { type: 'image', mimeType: 'text/html', data: 'PHNjcmlwdD4=' }] },
  ]));
  const srcs = await panel.page.locator('.row img').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
  assert.deepEqual(srcs, [`data:image/png;base64,${png}`]);
  assert.match(await panel.text('.row.agent'), /\[remote\]/);
  assert.match(await panel.text('.row.agent'), /image not shown: text\/html/);
});

test('streaming appends grow only the streamed row; other rows keep their DOM', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'hi'), agent('a1', 'Hel')]));
  await tag(panel, 'u1');
  await tag(panel, 'a1');
  await panel.send({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a1', text: 'lo **wor' }] });
  await panel.send({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'a1', text: 'ld**\n\nsecond para' }] });
  assert.equal(await panel.text('.row.agent strong'), 'world');
  assert.equal(await panel.count('.row.agent p'), 2);
  assert.ok(await sameNode(panel, 'u1'));
  assert.ok(await sameNode(panel, 'a1'));
  // Inserting between rows keeps keyed order and identity.
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: notice('n1', 'info', 'between') }] });
  const ids = await panel.page.locator('.thread > .row').evaluateAll((els) => els.map((e) => (e as any).dataset.entryId));
  assert.deepEqual(ids, ['u1', 'n1', 'a1']);
  assert.ok(await sameNode(panel, 'a1'));
  // An update addressed by a stale index still lands on the right row (ids are the truth).
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: agent('a1', 'replaced') }] });
  assert.equal((await panel.text('[data-entry-id="a1"]')).trim(), 'replaced');
  assert.equal(await panel.text('[data-entry-id="n1"] .notice-title'), 'between');
});

test('a thought that folded before it was ever painted shows its text at its own height the moment it is opened', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'q')], { session: session({ turnState: 'running' }) }));
  // Streamed and followed by the answer in one task: the thought never got a frame while open.
  const seen = await panel.page.evaluate(() => {
    const w = globalThis as any;
    const send = (m: unknown) => w.dispatchEvent(new w.MessageEvent('message', { data: m }));
    send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: { type: 'thought', id: 'th1', content: [{ type: 'text', text: 'pondering deeply' }] } }] });
    w.__agentChatHooks.flush();
    send({ type: 'rows', changes: [{ op: 'insert', index: 2, entry: { type: 'agent', id: 'a1', content: [{ type: 'text', text: 'the answer' }] } }] });
    w.__agentChatHooks.flush();
    const details = w.document.querySelector('details.thought');
    const folded = details.open;
    details.querySelector('summary').click();
    // Read in the same frame as the click, as a person sees the first painted frame.
    return { folded, open: details.open, text: details.querySelector('.message-body').innerText, height: details.getBoundingClientRect().height };
  });
  assert.equal(seen.folded, false, 'folded when the answer started');
  assert.equal(seen.open, true);
  assert.equal(seen.text.trim(), 'pondering deeply', 'the text shows at once, not after a placeholder frame');
  assert.ok(seen.height < 200, `the opened thought is its own height, not a placeholder's (${seen.height} px)`);
});

test('a thread drawn from a snapshot is as tall as its rows, with no placeholder gaps', async () => {
  const panel = await fresh();
  const entries = [];
  for (let i = 0; i < 12; i++) entries.push(user(`u${i}`, `question ${i}`), agent(`a${i}`, `answer ${i}\n\n- one\n- two\n\nmore ${i}`), turnEnd(`t${i}`, 'end_turn'));
  // Drawn frame by frame as in the panel (not flushed), then laid out.
  await panel.page.evaluate((s) => { const w = globalThis as any; w.dispatchEvent(new w.MessageEvent('message', { data: s })); }, snapshot(entries));
  await panel.page.waitForFunction(() => (globalThis as any).__agentChatHooks.pending() === 0);
  const seen = await panel.page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    const t = document.querySelector('.thread') as HTMLElement;
    return { height: t.scrollHeight, gap: t.scrollHeight - t.scrollTop - t.clientHeight };
  });
  // 36 short rows: about 2000 px. A never-drawn page of a message standing in at 600 or 6000 px
  // made it over 90000 px, and the scroll bar and scrolling up showed empty space.
  assert.ok(seen.height < 6000, `thread height ${seen.height} px`);
  assert.ok(seen.gap < 40, `still at the bottom (${seen.gap} px short)`);
});

test('a change for an unknown row asks the host for a fresh snapshot instead of guessing', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'hi')]));
  await panel.clearPosted();
  await panel.send({ type: 'rows', changes: [{ op: 'append', index: 7, id: 'nope', text: 'x' }] });
  assert.deepEqual(await panel.posted(), [{ type: 'ready' }]);
});

test('a long append that comes as UTF-8 bytes (VS Code hands typed arrays over outside the JSON) shows as its text; one without its bytes asks for a snapshot', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'hi'), agent('a1', 'Start')]));
  await panel.clearPosted();
  const text = ` é — 😀 ${'word '.repeat(1200)}the end`;
  await panel.page.evaluate((t) => {
    const w = globalThis as any;
    w.dispatchEvent(new w.MessageEvent('message', { data: { type: 'rows', changes: [{ op: 'append', index: 1, id: 'a1', utf8: new TextEncoder().encode(t) }] } }));
    w.__agentChatHooks.flush();
  }, text);
  await panel.page.waitForFunction(() => /Start é — 😀 word[\s\S]*the end$/.test((globalThis as any).document.querySelector('.row.agent')?.textContent.trim() ?? ''));
  assert.deepEqual(await panel.posted(), [], 'nothing asked of the host');
  await panel.page.evaluate(() => {
    const w = globalThis as any;
    w.dispatchEvent(new w.MessageEvent('message', { data: { type: 'rows', changes: [{ op: 'append', index: 1, id: 'a1', utf8: { 0: 120 } }] } }));
  });
  assert.deepEqual(await panel.posted(), [{ type: 'ready' }]);
});

test('thoughts are collapsible and fold when the next row starts', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'q')], { session: session({ turnState: 'running' }) }));
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: thought('th1', 'pondering') }] });
  assert.equal(await panel.page.locator('details.thought').evaluate((d) => (d as any).open), true, 'open while streaming');
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 2, entry: agent('a1', 'answer') }] });
  assert.equal(await panel.page.locator('details.thought').evaluate((d) => (d as any).open), false, 'folded when the answer starts');
  assert.equal(await panel.text('details.thought summary'), 'Thought');
  await panel.page.locator('details.thought summary').click();
  assert.equal(await panel.page.locator('details.thought').evaluate((d) => (d as any).open), true);
  assert.match(await panel.text('details.thought .message-body'), /pondering/);
});

test('tool call cards: kind icon, title, each status distinct, orphan marked', async () => {
  const panel = await fresh();
  const statuses = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const;
  await panel.send(snapshot([
    ...statuses.map((s, i) => tool(`t${i}`, { status: s, kind: (['read', 'edit', 'execute', 'search', 'fetch'] as const)[i], title: `Call ${s}` })),
    tool('orph', { orphan: true, title: 'Unannounced' }),
  ]));
  const classes = await panel.page.locator('.row.tool .tool-status').evaluateAll((els) => els.map((e) => e.className));
  assert.deepEqual(classes.slice(0, 5), statuses.map((s) => `tool-status status-${s}`));
  const labels = await panel.page.locator('.row.tool .tool-status').allTextContents();
  assert.equal(new Set(labels.slice(0, 5)).size, 5, 'every status reads differently');
  assert.equal(await panel.count('.status-in_progress .codicon-loading.codicon-modifier-spin'), 1, 'running spins');
  assert.equal(await panel.count('[data-entry-id="t1"] .codicon-edit'), 1);
  assert.equal(await panel.count('[data-entry-id="t2"] .codicon-terminal'), 1);
  assert.equal(await panel.page.locator('[data-entry-id="orph"] .badge.orphan').isVisible(), true);
  assert.equal(await panel.page.locator('[data-entry-id="t0"] .badge.orphan').isVisible(), false);
});

test('tool content: text, diff summary with Open diff, live terminal, locations, raw input on demand', async () => {
  const panel = await fresh();
  const entry = tool('t1', {
    kind: 'edit', status: 'in_progress', title: 'Edit main.ts',
    content: [
      { type: 'content', content: text('Changing **two** lines') },
      { type: 'diff', path: '/w/src/main.ts', oldText: 'a\nb\nc\n', newText: 'a\nB\nc\nd\ne\n' },
      { type: 'terminal', terminalId: 'term1' },
    ],
    locations: [{ path: '/w/src/main.ts', line: 12 }],
    rawInput: { path: '/w/src/main.ts', edits: 2 },
    terminals: { term1: { terminalId: 'term1', command: 'npm test', output: 'running 1\n', truncated: false } },
  });
  await panel.send(snapshot([entry]));
  assert.equal(await panel.text('.tool-text strong'), 'two');
  assert.equal(await panel.text('.diff-added'), '+3');
  assert.equal(await panel.text('.diff-removed'), '−1');
  assert.equal(await panel.text('.terminal-command'), 'npm test');
  assert.equal(await panel.text('.terminal-output'), 'running 1\n');
  assert.equal(await panel.page.locator('details.raw').evaluate((d) => (d as any).open), false, 'raw input collapsed');
  assert.match(await panel.text('details.raw pre'), /"edits": 2/);

  await panel.page.locator('button[data-action="open-diff"]').click();
  await panel.page.locator('.location-link').click();
  assert.deepEqual(await panel.postedOf('openDiff'), [{ type: 'openDiff', toolCallId: 'call-t1', contentIndex: 1 }]);
  assert.deepEqual(await panel.postedOf('openLocation'), [{ type: 'openLocation', path: '/w/src/main.ts', line: 12 }]);
  assert.equal(await panel.text('.location-link'), 'main.ts:12');

  // Terminal output grows live; the diff element is not rebuilt.
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.tool-diff').__keep = 1; });
  const grown = { ...entry, terminals: { term1: { ...entry.terminals!.term1!, output: 'running 1\nrunning 2\n', exitStatus: { exitCode: 0 } } }, status: 'completed' as const };
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: grown }] });
  assert.equal(await panel.text('.terminal-output'), 'running 1\nrunning 2\n');
  assert.equal(await panel.text('.terminal-status'), 'exit code 0');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.tool-diff').__keep), 1);
  assert.equal(await panel.count('.tool-status.status-completed'), 1);

  // Output longer than the box shows its latest lines: the last line is inside the visible box, the first is not.
  const long = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: { ...grown, terminals: { term1: { ...grown.terminals.term1!, output: long } } } }] });
  await panel.page.waitForFunction(() => {
    const pre = (globalThis as any).document.querySelector('.terminal-output');
    if (!pre || !pre.textContent.includes('line 60')) return false;
    const box = pre.getBoundingClientRect();
    const range = (globalThis as any).document.createRange();
    const text = pre.firstElementChild.firstChild;
    const at = (s: string) => { const i = text.data.indexOf(s); range.setStart(text, i); range.setEnd(text, i + s.length); return range.getBoundingClientRect(); };
    const last = at('line 60');
    const first = at('line 1\n');
    return pre.scrollHeight > pre.clientHeight && last.bottom <= box.bottom + 1 && last.top >= box.top && first.bottom <= box.top;
  });
});

test('plan renders as a checklist with priority and status, updated in place', async () => {
  const panel = await fresh();
  await panel.send(snapshot([plan('p1', [
    { content: 'Read the code', priority: 'high', status: 'completed' },
    { content: 'Write the fix', priority: 'medium', status: 'in_progress' },
    { content: 'Run tests', priority: 'low', status: 'pending' },
  ])]));
  assert.equal(await panel.text('.plan-progress'), '1/3 done');
  assert.deepEqual(await panel.page.locator('.plan-item').evaluateAll((els) => els.map((e) => e.className)), [
    'plan-item status-completed priority-high', 'plan-item status-in_progress priority-medium', 'plan-item status-pending priority-low',
  ]);
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.plan-item').__keep = 1; });
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: plan('p1', [
    { content: 'Read the code', priority: 'high', status: 'completed' },
    { content: 'Write the fix', priority: 'medium', status: 'completed' },
  ]) }] });
  assert.equal(await panel.text('.plan-progress'), '2/2 done');
  assert.equal(await panel.count('.plan-item'), 2);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.plan-item').__keep), 1, 'same list item node');
  assert.match((await panel.page.locator('.plan-item').nth(1).getAttribute('aria-label'))!, /Done, medium priority: Write the fix/);
});

test('turn ends: end_turn is quiet, every other stop reason reads differently; refusal marks the prompt', async () => {
  const panel = await fresh();
  const reasons = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled', 'error', '_rate_limited', 'mystery'];
  await panel.send(snapshot([
    user('u1', 'bad request', { notKept: true }),
    ...reasons.map((r, i) => turnEnd(`e${i}`, r, r === 'error' ? { error: { code: -32603, message: 'Internal error' } } : {})),
    turnEnd('late', 'cancelled', { timedOut: true }),
  ]));
  assert.equal(await panel.count('[data-stop-reason="end_turn"] hr.hairline'), 1);
  assert.equal((await panel.text('[data-stop-reason="end_turn"]')).trim(), '');
  const labels: string[] = [];
  for (const r of reasons.slice(1)) labels.push(await panel.text(`[data-stop-reason="${r}"] .stop-label`));
  assert.equal(new Set(labels).size, reasons.length - 1, `distinct labels: ${labels.join(' | ')}`);
  assert.match(labels[0]!, /token limit/);
  assert.equal(labels[5], 'Stopped: rate limited', 'an agent\'s own reason in words');
  assert.equal(await panel.page.getAttribute('[data-stop-reason="_rate_limited"] .stop-label', 'title'), 'Stop reason: _rate_limited');
  assert.match(await panel.text('[data-stop-reason="mystery"] .stop-detail'), /mystery/);
  assert.match(await panel.text('[data-stop-reason="error"]'), /Internal error \(code -32603\)/);
  assert.equal(await panel.count('.tone-error[data-stop-reason="error"][role="alert"]'), 1);
  assert.match(await panel.text('[data-entry-id="late"]'), /did not confirm in time/);
  assert.match(await panel.text('.row.user .not-kept'), /Not kept in context/);
});

test('notices show severity, title and detail', async () => {
  const panel = await fresh();
  await panel.send(snapshot([
    notice('n1', 'info', 'Mode changed'),
    notice('n2', 'warning', 'Slow agent', 'No output for 30s'),
    notice('n3', 'error', 'Write refused', '/etc/passwd is outside the workspace'),
  ]));
  assert.equal(await panel.count('.notice.severity-error[role="alert"] .codicon-error'), 1);
  assert.equal(await panel.count('.notice.severity-warning .codicon-warning'), 1);
  assert.equal(await panel.text('.severity-error .notice-detail'), '/etc/passwd is outside the workspace');
});

test('agent status: starting spinner, failure panel with facts and three ways out', async () => {
  const panel = await fresh();
  await panel.send(snapshot([], { agent: { state: 'starting', agentName: 'claude' } }));
  assert.match(await panel.text('.agent-state'), /Starting claude…/);
  assert.equal(await panel.count('.agent-state .codicon-loading.codicon-modifier-spin'), 1);
  assert.equal(await panel.page.locator('.failure-panel').isVisible(), false);

  await panel.send({
    type: 'agent',
    agent: { state: 'failed', agentName: 'claude', reason: 'npx: command not found', fix: 'Install Node.js or set an absolute path in agentChat.agents.', commandLine: 'npx @agentclientprotocol/claude-agent-acp', exitCode: 127, stderrTail: 'sh: npx: not found\n' },
    agents: [{ name: 'claude', source: 'settings' }],
    composer: { image: false, audio: false, embeddedContext: false },
  });
  assert.equal(await panel.page.locator('.failure-panel').isVisible(), true);
  assert.equal(await panel.text('.failure-reason'), 'npx: command not found');
  assert.match(await panel.text('.failure-fix'), /Install Node.js/);
  assert.match(await panel.text('.failure-facts'), /npx @agentclientprotocol\/claude-agent-acp/);
  assert.match(await panel.text('.failure-facts'), /127/);
  assert.equal(await panel.text('.failure-stderr pre'), 'sh: npx: not found\n');
  for (const label of ['Restart', 'Open settings', 'Show log']) await panel.page.getByRole('button', { name: label }).click();
  const types = (await panel.posted()).map((m) => m.type).filter((t) => t !== 'ready');
  assert.deepEqual(types, ['restartAgent', 'openSettings', 'showLog']);

  await panel.send({ type: 'agent', agent: { state: 'ready', agentName: 'claude', protocolVersion: 1, protocol: 'ACP v1' }, agents: [{ name: 'claude', source: 'settings' }], composer: { image: false, audio: false, embeddedContext: false } });
  assert.equal(await panel.page.locator('.failure-panel').isVisible(), false);
});

test('an agent stopped at its login offers "Log in" first (an untrusted one, the trust editor); a turn refused for want of one ends saying so, with "Log in"', async () => {
  const panel = await fresh();
  const agents = [{ name: 'auth', source: 'settings' as const }];
  const composer = { image: false, audio: false, embeddedContext: false };
  await panel.send({
    type: 'agent',
    agent: { state: 'failed', agentName: 'auth', reason: 'auth needs a login: login cancelled (or no method could run)', fix: 'Use "Log in" to choose one of the agent\'s own ways in again.', needsLogin: true },
    agents,
    composer,
  });
  const buttons = panel.page.locator('.failure-actions button');
  assert.deepEqual(await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), ['Log in', 'Restart', 'Open settings', 'Show log']);
  await panel.page.locator('.failure-panel').getByRole('button', { name: 'Log in' }).click();
  assert.deepEqual(await panel.postedOf('logIn'), [{ type: 'logIn' }]);

  // An untrusted workspace offers the trust editor instead.
  await panel.send({ type: 'agent', agent: { state: 'failed', agentName: 'auth', reason: 'This workspace is not trusted, so no agent was started.', untrusted: true }, agents, composer });
  assert.deepEqual(await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), ['Manage Workspace Trust', 'Restart', 'Open settings', 'Show log']);
  await panel.page.locator('.failure-panel').getByRole('button', { name: 'Manage Workspace Trust' }).click();
  assert.deepEqual(await panel.postedOf('manageTrust'), [{ type: 'manageTrust' }]);

  // Any other failure keeps the three ways out, without "Log in".
  await panel.send({ type: 'agent', agent: { state: 'failed', agentName: 'auth', reason: 'npx: command not found' }, agents, composer });
  assert.equal(await panel.page.locator('.failure-panel').getByRole('button', { name: 'Log in' }).count(), 0);

  await panel.clearPosted();
  await panel.send(snapshot([
    user('u1', 'hi'),
    { type: 'turn_end', id: 'e1', turnId: 't1', stopReason: 'auth_required', error: { code: -32000, message: 'The agent needs a login to answer (Authentication required).' } },
  ]));
  // The snapshot is drawn in the panel's next frames: wait for the row this check is about.
  const end = panel.page.locator('.row.turn-end[data-stop-reason="auth_required"]').last();
  await end.locator('.stop-label', { hasText: /^Needs a login$/ }).waitFor();
  await end.locator('.stop-detail', { hasText: /needs a login to answer/ }).waitFor();
  assert.doesNotMatch(await end.innerText(), /stopped during the turn/);
  await end.getByRole('button', { name: 'Log in' }).click();
  assert.deepEqual(await panel.postedOf('logIn'), [{ type: 'logIn' }]);

  // A remote agent's own auth question (no error: it is answered in the composer) has no button.
  // A new row id, so the check waits for this snapshot's row rather than reading the previous one.
  await panel.send(snapshot([user('u1', 'hi'), { type: 'turn_end', id: 'e2', turnId: 't1', stopReason: 'auth_required' }]));
  const remoteEnd = panel.page.locator('.row.turn-end[data-entry-id="e2"]');
  await remoteEnd.locator('.stop-label', { hasText: /^Needs a login$/ }).waitFor();
  assert.equal(await panel.page.locator('.row.turn-end[data-entry-id="e1"]').count(), 0);
  assert.equal(await remoteEnd.getByRole('button', { name: 'Log in' }).count(), 0);
});

test('a crash says once, wrapped: agent, command, signal and stderr, however long the path', async () => {
  const panel = await fresh();
  const longPath = `/home/someone/${'very-long-folder-name/'.repeat(12)}node_modules/.bin/claude-agent-acp`;
  await panel.send({
    type: 'agent',
    agent: { state: 'exited', agentName: 'claude', reason: 'The agent was killed by SIGKILL.', signal: 'SIGKILL', exitCode: null, commandLine: `${longPath} --verbose`, stderrTail: 'out of memory\n' },
    agents: [{ name: 'claude', source: 'settings' }],
    composer: { image: false, audio: false, embeddedContext: false },
  });
  assert.match(await panel.text('.failure-head'), /claude stopped/);
  assert.match(await panel.text('.failure-facts'), /Command/);
  assert.match(await panel.text('.failure-facts'), /Signal\s*SIGKILL/);
  assert.doesNotMatch(await panel.text('.failure-facts'), /Exit code/);
  assert.equal(await panel.text('.failure-stderr pre'), 'out of memory\n');
  assert.equal((await panel.text('.failure-panel')).split(longPath).length - 1, 1, 'the command appears once');
  const overflow = await panel.page.evaluate(() => {
    const el = (globalThis as any).document.querySelector('.failure-panel');
    return el.scrollWidth - el.clientWidth;
  });
  assert.ok(overflow <= 0, `the panel does not overflow (${overflow} px)`);
});

test('header shows turn state (requires_action loud), usage, and picks agents / new sessions', async () => {
  const panel = await fresh();
  await panel.send(snapshot([]));
  await panel.send({ type: 'session', session: session({ turnState: 'requires_action', usage: { used: 53_000, size: 200_000, cost: { amount: 0.42, currency: 'USD' } }, title: 'Fix the bug' }) });
  assert.match(await panel.text('.turn-state.turn-requires_action'), /Waiting for your approval/);
  assert.match(await panel.text('.usage'), /53k \/ 200k tokens \(27%\).*0\.42/);
  assert.match(await panel.text('.session-title'), /Fix the bug/);
  await panel.page.locator('select.agent-picker').selectOption('claude');
  await panel.page.getByRole('button', { name: 'New session' }).click();
  assert.deepEqual((await panel.posted()).filter((m) => m.type !== 'ready'), [{ type: 'selectAgent', name: 'claude' }, { type: 'newSession' }]);
  await panel.screenshot('header');
});

test('a Markdown table in a narrow panel keeps its words whole and scrolls sideways', async () => {
  const panel = await harness.open({ width: 300 });
  const table = '| step | protocol message |\n|---|---|\n| thinking | `agent_thought_chunk` |\n| command | `terminal/create`, `terminal/wait_for_exit`, `terminal/output` |\n| usage | `usage_update` |';
  await panel.send(snapshot([agent('a1', table)]));
  await panel.page.locator('.row.agent table').waitFor();
  // Each word of the first column on one line (one line box for its text).
  const cells = await panel.page.locator('.row.agent td:first-child').evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return { text: td.textContent, lines: range.getClientRects().length };
    }));
  assert.deepEqual(cells.map((c) => c.text), ['thinking', 'command', 'usage']);
  for (const cell of cells) assert.equal(cell.lines, 1, `"${cell.text}" broken over ${cell.lines} lines`);
  const box = await panel.page.locator('.row.agent table').evaluate((t) => ({ client: t.clientWidth, scroll: t.scrollWidth, row: t.closest('.row')!.clientWidth }));
  assert.ok(box.client <= box.row, `the table fits the row (${box.client} of ${box.row} px) and scrolls (${box.scroll} px wide)`);
});
