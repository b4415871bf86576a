/**
 * Test agent for the review of a turn's changes (see SCENARIOS.md "edits"). The prompt's text
 * picks how it changes files in the session's cwd:
 * - `direct`: node's fs, no fs/* request (as agents that write files themselves do): edits
 *   a.txt, creates b.txt, deletes c.txt;
 * - `write`: `fs/write_text_file` for a.txt;
 * - `sed`: `sed -i s/one/ONE/ a.txt` through a client terminal (`terminal/*`);
 * - `reported <path>`: writes a.txt through `fs/write_text_file` and `<path>` (outside the cwd)
 *   directly, and reports both in a completed edit tool call's diffs;
 * - `disagree`: writes a.txt directly but reports other new text for it in its tool call;
 * - `stepwise`: edits a.txt directly, then keeps the turn running until a file `go` appears in
 *   the cwd (so a test can look at the changes while the turn runs), then creates b.txt;
 * - `which session`: answers with the session id and, for a fork, the session it came from;
 * - anything else: answers with every prompt this session has seen (a fork's include its
 *   origin's), so a test can tell what the agent remembers.
 * Started with `--fork` it advertises `session/fork`.
 */
import { agent } from '@agentclientprotocol/sdk';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'edits-agent';
const cwds = new Map<string, string>();
const seen = new Map<string, string[]>();
const forkedFrom = new Map<string, string>();
const canFork = process.argv.includes('--fork');

const app = agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    // `fork` is not in the SDK's stable capability type yet.
    agentCapabilities: { loadSession: false, ...(canFork ? { sessionCapabilities: { fork: {} } as never } : {}) },
    authMethods: [],
    agentInfo: { name: NAME, title: 'Edits Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', ({ params }) => {
    const sessionId = `edits_${cwds.size + 1}`;
    cwds.set(sessionId, params.cwd);
    return { sessionId };
  })
  .onRequest('session/fork', (raw: unknown) => raw as { sessionId: string; cwd: string }, ({ params }) => {
    const sessionId = `edits_${cwds.size + 1}`;
    cwds.set(sessionId, params.cwd);
    forkedFrom.set(sessionId, params.sessionId);
    seen.set(sessionId, [...(seen.get(params.sessionId) ?? [])]);
    return { sessionId };
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    const cwd = cwds.get(params.sessionId) ?? process.cwd();
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    const sessionId = params.sessionId;
    const history = seen.get(sessionId) ?? [];
    seen.set(sessionId, [...history, text]);
    let answer = `done: ${text}`;
    if (text === 'direct') {
      const a = join(cwd, 'a.txt');
      await writeFile(a, (await readFile(a, 'utf8')).replace('two', 'TWO'));
      await writeFile(join(cwd, 'b.txt'), 'created by the agent\n');
      await rm(join(cwd, 'c.txt'), { force: true });
    } else if (text === 'write') {
      await client.request('fs/write_text_file', { sessionId, path: join(cwd, 'a.txt'), content: 'written through the client\n' });
    } else if (text === 'stepwise') {
      const a = join(cwd, 'a.txt');
      await writeFile(a, (await readFile(a, 'utf8')).replace('two', 'TWO'));
      while (!existsSync(join(cwd, 'go'))) await new Promise((r) => setTimeout(r, 50));
      await rm(join(cwd, 'go'), { force: true });
      await writeFile(join(cwd, 'b.txt'), 'created by the agent\n');
    } else if (text === 'sed') {
      const { terminalId } = await client.request('terminal/create', { sessionId, command: 'sed', args: ['-i', 's/one/ONE/', 'a.txt'], cwd }) as { terminalId: string };
      await client.request('terminal/wait_for_exit', { sessionId, terminalId });
      await client.request('terminal/release', { sessionId, terminalId });
    } else if (text.startsWith('reported ')) {
      // Reports what it changes: a tool call with the diff of a.txt, written through the client,
      // and one for a file outside the session's folder (the path after the word), written directly.
      const a = join(cwd, 'a.txt');
      const outside = text.slice('reported '.length);
      const before = await readFile(a, 'utf8');
      await client.request('fs/write_text_file', { sessionId, path: a, content: 'reported edit\n' });
      await writeFile(outside, 'outside the roots\n');
      await client.notify('session/update', { sessionId, update: {
        sessionUpdate: 'tool_call', toolCallId: 'edit-1', title: 'Edit a.txt', kind: 'edit', status: 'completed',
        content: [{ type: 'diff', path: a, oldText: before, newText: 'reported edit\n' }, { type: 'diff', path: outside, oldText: null, newText: 'outside the roots\n' }],
        locations: [{ path: a }, { path: outside }],
      } });
    } else if (text === 'disagree') {
      // Reports one content for a.txt and writes another: the disk must win.
      const a = join(cwd, 'a.txt');
      const before = await readFile(a, 'utf8');
      await writeFile(a, 'what the disk got\n');
      await client.notify('session/update', { sessionId, update: {
        sessionUpdate: 'tool_call', toolCallId: 'edit-2', title: 'Edit a.txt', kind: 'edit', status: 'completed',
        content: [{ type: 'diff', path: a, oldText: before, newText: 'what the agent says\n' }],
      } });
    } else if (text === 'which session') {
      answer = `session ${sessionId}${forkedFrom.has(sessionId) ? ` forked from ${forkedFrom.get(sessionId)}` : ''}`;
    } else {
      answer = `prompts seen: ${[...history, text].join(' | ')}`;
    }
    await client.notify('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: answer } } });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
