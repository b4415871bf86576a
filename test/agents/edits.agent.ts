/**
 * Test agent for the review of a turn's changes (see SCENARIOS.md "edits"). The prompt's text
 * picks how it changes files in the session's cwd:
 * - `direct`: node's fs, no fs/* request (as agents that write files themselves do): edits
 *   a.txt, creates b.txt, deletes c.txt;
 * - `write`: `fs/write_text_file` for a.txt;
 * - `sed`: `sed -i s/one/ONE/ a.txt` through a client terminal (`terminal/*`);
 * - `stepwise`: edits a.txt directly, then keeps the turn running until a file `go` appears in
 *   the cwd (so a test can look at the changes while the turn runs), then creates b.txt.
 */
import { agent } from '@agentclientprotocol/sdk';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'edits-agent';
const cwds = new Map<string, string>();

const app = agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    authMethods: [],
    agentInfo: { name: NAME, title: 'Edits Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', ({ params }) => {
    const sessionId = `edits_${cwds.size + 1}`;
    cwds.set(sessionId, params.cwd);
    return { sessionId };
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    const cwd = cwds.get(params.sessionId) ?? process.cwd();
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    const sessionId = params.sessionId;
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
    }
    await client.notify('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `done: ${text}` } } });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
