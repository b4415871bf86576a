/**
 * Every hostile payload through every rendering path, in the real Chromium DOM under the panel's
 * CSP: nothing may run, and nothing executable may even reach the DOM.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, notice, plan, session, snapshot, text, thought, tool, turnEnd, user } from './fixtures.js';
import { XSS_PAYLOADS } from './xss-corpus.js';
import type { HostToWebview } from '../../src/shared/webviewProtocol.js';
import type { ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const P = XSS_PAYLOADS;

interface Findings { bad: string[]; xss: number; pwned: unknown; violations: string[]; imgs: string[]; textLength: number }

async function inspect(panel: Panel, settle = true): Promise<Findings> {
  if (settle) {
    // Every image has loaded or failed (an error handler is queued by then), then one more task
    // turn lets the queued handlers run: checked after that, not after a guessed 60 ms.
    await panel.page.waitForFunction(() => [...(globalThis as any).document.images].every((i: { complete: boolean }) => i.complete));
    await panel.page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  }
  return panel.page.evaluate(() => {
    const g = globalThis as any;
    const app = g.document.querySelector('.app');
    const bad: string[] = [];
    const forbidden = new Set(['script', 'iframe', 'object', 'embed', 'form', 'style', 'link', 'meta', 'base', 'svg', 'math',
      'template', 'input', 'video', 'audio', 'source', 'marquee', 'frame', 'frameset', 'noscript', 'x']);
    // Titles and data-* may hold the hostile text as inert text; only URL-bearing attributes can act.
    const urlAttrs = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'srcset', 'data', 'poster', 'cite']);
    // The one form the panel draws itself: an elicitation's fields (agent text only in textContent).
    const ownForm = (el: any) => el.closest('form.elicitation-form') !== null && (el.tagName === 'FORM' || el.closest('.elicitation-field') !== null);
    for (const el of app.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      if (forbidden.has(tag) && !((tag === 'form' || tag === 'input') && ownForm(el))) bad.push(`<${tag}>`);
      for (const a of el.attributes) {
        const name = a.name.toLowerCase();
        if (name.startsWith('on')) bad.push(`${tag}[${name}]`);
        if (name === 'style' && tag !== 'textarea') bad.push(`${tag}[style]`);
        const v = String(a.value).replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (urlAttrs.has(name) && /^(javascript|vbscript|data:text|data:application)/.test(v)) bad.push(`${tag}[${name}=${a.value.slice(0, 40)}]`);
      }
    }
    const imgs = Array.from(app.querySelectorAll('img')).map((i: any) => i.getAttribute('src'));
    return { bad, xss: g.__xss, pwned: g.__pwned, violations: g.__violations, imgs, textLength: app.textContent.length };
  });
}

function assertClean(f: Findings, path: string): void {
  assert.deepEqual(f.bad, [], `${path}: executable markup reached the DOM`);
  assert.equal(f.xss, 0, `${path}: alert() was called`);
  assert.equal(f.pwned, undefined, `${path}: a payload ran`);
  assert.deepEqual(f.violations, [], `${path}: CSP violations`);
  for (const src of f.imgs) assert.match(src, /^data:image\/(png|jpeg|gif|webp|bmp|svg\+xml);base64,/, `${path}: image src`);
  assert.ok(f.textLength > 0, `${path}: rendered something`);
}

async function throughSnapshot(path: string, entries: ThreadEntry[], extra: HostToWebview[] = []): Promise<void> {
  const panel = await harness.open();
  await panel.send(snapshot(entries), ...extra);
  assertClean(await inspect(panel), path);
  await panel.page.close();
}

const BLANK_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test(`corpus has at least 50 payloads (${P.length})`, () => {
  assert.ok(P.length >= 50);
});

test('agent, user and thought messages (snapshot)', async () => {
  await throughSnapshot('messages', P.flatMap((p, i) => [user(`u${i}`, p), agent(`a${i}`, p), thought(`t${i}`, p)]));
});

test('agent message streamed chunk by chunk (open tail and frozen blocks)', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([]));
  // Driven inside the page (one round trip): insert a row per payload, then append it in 7-char
  // chunks, drawing after every chunk, cutting tags, URLs and fences at awkward places.
  await panel.page.evaluate((payloads) => {
    const g = globalThis as any;
    const post = (m: unknown) => { g.dispatchEvent(new g.MessageEvent('message', { data: m })); g.__agentChatHooks.flush(); };
    payloads.forEach((p: string, i: number) => {
      post({ type: 'rows', changes: [{ op: 'insert', index: i, entry: { type: 'agent', id: `s${i}`, content: [{ type: 'text', text: '' }] } }] });
      for (let at = 0; at < p.length; at += 7) post({ type: 'rows', changes: [{ op: 'append', index: i, id: `s${i}`, text: p.slice(at, at + 7) }] });
      post({ type: 'rows', changes: [{ op: 'append', index: i, id: `s${i}`, text: '\n\nafter\n' }] });
    });
  }, [...P]);
  assert.equal(await panel.count('.row.agent'), P.length);
  assertClean(await inspect(panel), 'streamed');
});

test('tool calls: title, name, text content, resources, diffs, terminals, raw input/output, locations', async () => {
  await throughSnapshot('tool calls', P.map((p, i) => tool(`t${i}`, {
    title: p, name: p, kind: 'edit', status: 'in_progress', rawInput: { command: p }, rawOutput: p,
    content: [
      { type: 'content', content: text(p) },
      { type: 'content', content: { type: 'resource_link', uri: p, name: p, title: p, description: p } },
      { type: 'content', content: { type: 'resource', resource: { uri: p, text: p, mimeType: p } } },
      { type: 'content', content: { type: 'image', mimeType: p, data: p } },
      { type: 'content', content: { type: 'image', mimeType: 'image/png', data: BLANK_PNG } },
      { type: 'diff', path: p, oldText: p, newText: `${p}\nmore` },
      { type: 'terminal', terminalId: p },
    ],
    terminals: { [p]: { terminalId: p, command: p, output: p, truncated: true, exitStatus: { exitCode: 1, signal: p } } },
    locations: [{ path: p, line: 3 }],
  })));
});

test('consultation cards: the consulted agent\'s name, state and messages both ways (a hostile artifact stays inert)', async () => {
  await throughSnapshot('consultations', P.map((p, i) => tool(`t${i}`, {
    title: p, kind: 'fetch', status: 'completed',
    content: [
      { type: 'content', content: text(p) },
      { type: 'content', content: text(p) },
      { type: 'content', content: { type: 'resource_link', uri: p, name: p } },
      { type: 'content', content: text(p) },
    ],
    consultation: { agent: p, state: p, from: ['caller', 'agent', 'agent', 'note'] },
  })));
});

test('permission requests: option names, question, description, command subject, tool names, ids', async () => {
  await throughSnapshot('permissions', P.map((p, i) => tool(`t${i}`, {
    title: p,
    name: p,
    permission: { requestId: p, title: p, description: p, command: { command: p, cwd: p }, options: [{ optionId: p, name: p, kind: 'allow_once' }, { optionId: `${p}2`, name: p, kind: p }], ruleOffer: { id: p, title: p, optionId: p } },
  })));
});

test('auto-approved cards: the rule\'s words (paths and command lines come from the agent) and ids', async () => {
  await throughSnapshot('auto-approved', P.map((p, i) => tool(`t${i}`, {
    title: p, permissionOutcome: p, permissionLabel: p, autoApproved: { ruleId: p, title: p },
  })));
});

test('elicitations: message, form title and description, field labels, descriptions, choices, defaults, answers, page URLs', async () => {
  await throughSnapshot('elicitations', P.flatMap((p, i): ThreadEntry[] => [
    {
      type: 'elicitation', id: `f${i}`, requestId: p, status: 'pending',
      prompt: {
        mode: 'form', message: p, title: p, description: p,
        fields: [
          { name: p, label: p, description: p, required: true, kind: 'text', default: p, pattern: p },
          { name: `${p}n`, label: p, required: false, kind: 'number', integer: true, default: 1 },
          { name: `${p}b`, label: p, description: p, required: false, kind: 'boolean' },
          { name: `${p}c`, label: p, required: false, kind: 'choice', options: [{ value: p, label: p, description: p }], default: p },
          { name: `${p}m`, label: p, required: false, kind: 'multi', options: [{ value: p, label: p, description: p }], default: [p] },
        ],
      },
    },
    { type: 'elicitation', id: `u${i}`, requestId: `${p}u`, status: 'pending', prompt: { mode: 'url', message: p, url: `https://example.com/${encodeURIComponent(p)}`, elicitationId: p } },
    { type: 'elicitation', id: `j${i}`, requestId: `${p}j`, status: 'accepted', prompt: { mode: 'url', message: p, url: `javascript:${p}`, elicitationId: p } },
    {
      type: 'elicitation', id: `a${i}`, requestId: `${p}a`, status: 'accepted',
      prompt: { mode: 'form', message: p, fields: [{ name: 'x', label: p, required: false, kind: 'multi', options: [{ value: p, label: p }] }, { name: 'y', label: p, required: false, kind: 'text' }] },
      answer: { x: [p, 'other'], y: p },
    },
  ]));
});

test('plan entries, notices, turn ends and resource links in messages', async () => {
  await throughSnapshot('plan/notices/turns', [
    plan('plan', P.map((p) => ({ content: p, priority: p as 'high', status: p as 'pending' }))),
    ...P.map((p, i) => notice(`n${i}`, p, p, p)),
    ...P.map((p, i) => turnEnd(`e${i}`, p, { error: { code: 1, message: p } })),
    ...P.map((p, i): ThreadEntry => ({ type: 'agent', id: `r${i}`, content: [{ type: 'resource_link', uri: p, name: p }, { type: 'audio', mimeType: p, data: p }] })),
  ]);
});

test('compaction summaries and errors, agent terminals, plan variants, v2 diff change lists', async () => {
  const patchFor = (p: string) => [
    `diff --git /w/${p} /w/${p}`, `--- /w/${p}`, `+++ /w/${p}`, '@@ -1,2 +1,2 @@', ` ${p}`, `-${p}`, `+${p}`, '',
  ].join('\n');
  await throughSnapshot('compaction/terminals/plans/changes', [
    ...P.flatMap((p, i): ThreadEntry[] => [
      { type: 'compaction', id: `k${i}`, compactionId: p, status: i % 2 ? 'failed' : p, summary: [text(p), { type: 'resource_link', uri: p, name: p }], error: p },
      { type: 'terminal', id: `x${i}`, terminalId: p, terminal: { terminalId: p, command: p, cwd: p, output: `${p}\u001b[31m${p}\r${p}`, truncated: true, exitStatus: { exitCode: null, signal: p } } },
      { type: 'plan', id: `pf${i}`, planId: p, entries: [], body: { type: 'file', uri: p } },
      { type: 'plan', id: `pu${i}`, planId: p, entries: [], body: { type: 'file', uri: `file:///w/${encodeURIComponent(p)}` } },
      { type: 'plan', id: `pm${i}`, planId: p, entries: [], body: { type: 'markdown', content: p } },
      { type: 'plan', id: `po${i}`, planId: p, entries: [], body: { type: 'other', planType: p } },
      { type: 'plan', id: `pr${i}`, planId: p, entries: [], removed: true },
      tool(`c${i}`, {
        title: p,
        content: [
          {
            type: 'file_changes',
            changes: [
              { operation: p, path: p, oldPath: p, fileType: p, mimeType: p },
              { operation: 'modify', path: `/w/${p}` },
              { operation: 'move', oldPath: p, path: `/w/${p}` },
            ],
            patch: { format: 'git_patch', text: patchFor(p) },
          },
          { type: 'file_changes', changes: [{ operation: 'delete', path: p }], patch: { format: p, text: p } },
          { type: 'file_changes', changes: [{ operation: 'add', path: p }], patch: { format: 'git_patch', text: p } },
        ],
      }),
    ]),
  ]);
});

test('stop controls and refusals on tool calls and agent terminals (ids, titles, the agent\'s reasons)', async () => {
  const panel = await harness.open();
  await panel.send(snapshot(P.flatMap((p, i): ThreadEntry[] => [
    tool(p, { title: p, cancellable: true, stop: i % 2 ? { state: 'refused', message: p } : { state: 'stopping' } }),
    {
      type: 'terminal', id: `st${i}`, terminalId: p,
      terminal: { terminalId: p, command: p, output: p, truncated: false, cancellable: true, stop: { state: 'refused', message: p } },
    },
  ])));
  // The hostile text really went through the stop paths (buttons, Stopping…, refusals).
  assert.ok(await panel.count('.stop-btn') >= P.length, 'stop controls rendered');
  assert.ok(await panel.count('.stop-refused') >= P.length, 'refusals rendered');
  assertClean(await inspect(panel), 'stop controls/refusals');
  await panel.page.close();
});

test('compaction summary streamed in place (row updates, the summary opened)', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([]));
  await panel.page.evaluate((payloads) => {
    const g = globalThis as any;
    const post = (m: unknown) => { g.dispatchEvent(new g.MessageEvent('message', { data: m })); g.__agentChatHooks.flush(); };
    payloads.forEach((p: string, i: number) => {
      const row = (summary: string, status: string) => ({ type: 'compaction', id: `s${i}`, compactionId: `k${i}`, status, summary: [{ type: 'text', text: summary }] });
      post({ type: 'rows', changes: [{ op: 'insert', index: i, entry: row('', 'in_progress') }] });
      for (let at = 0; at < p.length; at += 7) post({ type: 'rows', changes: [{ op: 'update', index: i, entry: row(p.slice(0, at + 7), 'in_progress') }] });
      post({ type: 'rows', changes: [{ op: 'update', index: i, entry: row(`${p}\n\nafter`, 'completed') }] });
    });
    for (const d of g.document.querySelectorAll('details.compaction-summary')) d.open = true;
  }, [...P]);
  assert.equal(await panel.count('.row.compaction'), P.length);
  assertClean(await inspect(panel), 'streamed compaction');
});

test('failure panel, agent names, session title and usage', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([]));
  // Each payload replaces the last one's panel, so look after every one (in the page: one round trip).
  const messages = P.flatMap((p): HostToWebview[][] => [[
    {
      type: 'agent',
      agent: { state: 'failed', agentName: p, reason: p, fix: p, commandLine: p, exitCode: 1, stderrTail: p },
      agents: [{ name: p, source: 'settings' }],
      composer: { image: true, audio: false, embeddedContext: false },
    },
    { type: 'session', session: session({ title: p, turnState: 'running', usage: { used: 1, size: 2, cost: { amount: 1, currency: p } } }) },
  ], [
    { type: 'agent', agent: { state: 'exited', agentName: p, reason: p, stderrTail: p }, agents: P.map((name) => ({ name, source: 'preset' as const })), composer: { image: false, audio: false, embeddedContext: false } },
  ]]);
  const findings: string[] = await panel.page.evaluate((batches) => {
    const g = globalThis as any;
    const out: string[] = [];
    for (const batch of batches) {
      for (const m of batch) g.dispatchEvent(new g.MessageEvent('message', { data: m }));
      g.__agentChatHooks.flush();
      const panelEl = g.document.querySelector('.failure-panel');
      if (!panelEl.textContent) out.push('failure panel empty');
      for (const el of g.document.querySelectorAll('.app *')) {
        if (/^(script|iframe|object|embed|svg|math|style|link|meta|base|img)$/i.test(el.tagName)) out.push(`<${el.tagName}>`);
        for (const a of el.attributes) if (/^on/i.test(a.name)) out.push(`${el.tagName}[${a.name}]`);
      }
    }
    return out;
  }, messages);
  assert.deepEqual(findings, []);
  assertClean(await inspect(panel), 'agent panels');
});

test('slash-command popup and attachment chips', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { session: session({ commands: P.map((p) => ({ name: `x${p}`, description: p, inputHint: p })) }) }));
  for (const p of P) await panel.send({ type: 'attach', attachment: { uri: p, name: p, range: { startLine: 1, endLine: 2 } } });
  await panel.page.locator('textarea').click();
  await panel.page.keyboard.type('/x');
  assert.equal(await panel.count('.slash-item'), P.length);
  assertClean(await inspect(panel), 'commands popup + chips');
  // Accepting a hostile command name only ever puts text in the textarea.
  await panel.page.keyboard.press('Enter');
  assertClean(await inspect(panel), 'accepted command');
});

test('@-mention list and mention chips of every kind', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([]));
  await panel.page.locator('textarea').click();
  await panel.page.keyboard.type('@');
  await panel.page.waitForFunction(() => (globalThis as any).__posted.some((m: { type: string }) => m.type === 'mentionQuery'));
  const queries = await panel.postedOf('mentionQuery');
  const kinds = ['file', 'folder', 'symbol', 'problems', 'editor', 'terminal', 'git', 'thread', undefined] as const;
  const items = P.map((p, i) => ({ uri: i % 2 ? p : `file:///w/${encodeURIComponent(p)}`, name: p, detail: p, ...(kinds[i % kinds.length] ? { kind: kinds[i % kinds.length] } : {}), range: { startLine: 1, endLine: 2 } }));
  await panel.send({ type: 'mentionResults', id: queries[queries.length - 1]!.id, items });
  assert.equal(await panel.count('.mention-item'), P.length);
  assertClean(await inspect(panel), 'mention list');
  for (const item of items) await panel.send({ type: 'attach', attachment: item });
  await panel.page.keyboard.press('Enter');
  assertClean(await inspect(panel), 'mention chips + accepted mention');
  await panel.send(snapshot([{ type: 'user', id: 'mu', content: P.map((p) => ({ type: 'resource' as const, resource: { uri: p, text: p } })) }]));
  assertClean(await inspect(panel), 'sent resources');
});

test("a turn's changed files and user messages with checkpoints", async () => {
  await throughSnapshot('changes/checkpoints', P.flatMap((p, i): ThreadEntry[] => [
    { type: 'user', id: `cu${i}`, turnId: p, content: [text(p)], checkpoint: [{ root: p, id: p }], ...(i % 2 ? { redo: [{ root: p, id: p }], undone: true } : {}) },
    {
      type: 'changes', id: `cc${i}`, turnId: p, after: [{ root: p, id: p }], ...(i % 3 ? {} : { undone: true }),
      files: [
        { root: p, path: p, oldPath: p, status: 'renamed', added: 1, deleted: 2, binary: false },
        { root: p, path: `/w/${p}`, status: p as 'added', added: 0, deleted: 0, binary: true, state: p as 'kept' },
        { root: p, path: p, status: 'modified', added: 3, deleted: 0, binary: false, state: 'undone' },
      ],
    },
  ]));
});

test("a changed file's hunks, expanded", async () => {
  const panel = await harness.open();
  await panel.send(snapshot(P.map((p, i): ThreadEntry => ({
    type: 'changes', id: `ch${i}`, turnId: p, files: [{
      root: p, path: p, status: 'modified', added: 1, deleted: 1, binary: false,
      hunks: [{ oldStart: 1, oldCount: 1, newStart: 1, newCount: 1, lines: [[' ', p], ['-', p], ['+', p], [p as ' ', p]], more: 2 }],
    }],
  }))));
  for (const b of await panel.page.locator('.hunks-toggle').all()) await b.click();
  assert.equal(await panel.count('.file-hunks .hunk'), P.length);
  assertClean(await inspect(panel), 'changes/hunks');
  await panel.page.close();
});
