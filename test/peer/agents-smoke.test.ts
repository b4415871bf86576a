/**
 * The test agents themselves, driven by the official SDK 2.4.0 client over real stdio:
 * proves each one speaks valid ACP and behaves as SCENARIOS.md says, independently of our
 * own client (whose tests rely on these agents).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as acp from '@agentclientprotocol/sdk';
import * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import { CUSTOM_STOP_REASON, DRAFT_INTRO, DRAFT_OUTRO, DRAFT_TOOL, UPSERT_FINAL } from '../agents/lib/texts.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repo, 'node_modules/tsx/dist/loader.mjs');

interface Spawned {
  stream: acp.Stream;
  /** Every stdout line, raw (to see what the SDK client refuses to parse). */
  lines: string[];
  stderr: () => string;
  exited: Promise<number | null>;
  stop(): void;
}

function spawnAgent(entry: string, args: string[] = []): Spawned {
  const child = spawn(process.execPath, ['--import', tsx, join(repo, entry), '--delay', '0', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout.on('data', (data: Buffer) => {
    const parts = (partial + data.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stream: acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    lines,
    stderr: () => stderr,
    exited,
    stop: () => child.kill(),
  };
}

function text(update: { content?: unknown }): string {
  const c = update.content as { type?: string; text?: string } | undefined;
  return c?.type === 'text' ? (c.text ?? '') : '';
}

const fullCaps: acp.ClientCapabilities = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };

// Each case owns its agent process, so they can run side by side.
describe('test agents under the SDK client', { concurrency: true }, () => {
  test('scripted: write asks with four options and writes; read quotes exactly; long honours cancel', async () => {
    const agent = spawnAgent('test/agents/scripted.agent.ts');
    const cwd = mkdtempSync(join(tmpdir(), 'agents-smoke-'));
    const writes: acp.WriteTextFileRequest[] = [];
    const messages: string[] = [];
    let optionIds: string[] = [];
    let cancelNow: (() => void) | undefined;
    try {
      await acp
        .client({ name: 'smoke' })
        .onNotification('session/update', ({ params }) => {
          if (params.update.sessionUpdate === 'agent_message_chunk') messages.push(text(params.update));
        })
        .onRequest('session/request_permission', ({ params }) => {
          optionIds = params.options.map((o) => `${o.optionId}:${o.kind}`);
          if (params.toolCall.title === 'Edit long.txt') {
            // Keep the question open until the client cancels, as a real client would.
            return new Promise((resolve) => (cancelNow = () => resolve({ outcome: { outcome: 'cancelled' } })));
          }
          return { outcome: { outcome: 'selected', optionId: 'allow' } };
        })
        .onRequest('fs/write_text_file', ({ params }) => {
          writes.push(params);
          return {};
        })
        .onRequest('fs/read_text_file', () => ({ content: 'a ``` b\nline 2' }))
        .connectWith(agent.stream, async (ctx) => {
          await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: fullCaps });
          const { sessionId } = await ctx.request('session/new', { cwd, mcpServers: [] });
          const prompt = (t: string) => ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: t }] });

          assert.equal((await prompt('write notes/a.txt hi\\nthere')).stopReason, 'end_turn');
          assert.deepEqual(optionIds, ['allow:allow_once', 'allow_always:allow_always', 'reject:reject_once', 'reject_always:reject_always']);
          assert.deepEqual(writes, [{ sessionId, path: join(cwd, 'notes/a.txt'), content: 'hi\nthere' }]);
          assert.equal(messages.at(-1), 'Wrote notes/a.txt');

          assert.equal((await prompt('read notes/a.txt 2 1')).stopReason, 'end_turn');
          assert.equal(messages.at(-1), '````text\nREAD:a ``` b\nline 2\n````');

          const long = prompt('long');
          // Cancel once the long turn is underway: its permission question is open.
          for (const deadline = Date.now() + 20_000; !cancelNow; await new Promise((r) => setTimeout(r, 10))) {
            if (Date.now() > deadline) throw new Error('the long turn never asked its question');
          }
          await ctx.notify('session/cancel', { sessionId });
          cancelNow?.();
          // Honoured: the turn ends cancelled, before the ticks it would have streamed ran out.
          assert.equal((await long).stopReason, 'cancelled');
          assert.ok(!messages.includes('Long turn finished.'), 'the long turn did not run to its end');
          assert.equal(messages.at(-1), 'PERMISSION:cancelled');
        });
    } finally {
      agent.stop();
    }
  });

  test('scripted: --exit-on-start exits with the code and says why on stderr', async () => {
    const agent = spawnAgent('test/agents/scripted.agent.ts', ['--exit-on-start', '2']);
    assert.equal(await agent.exited, 2);
    assert.match(agent.stderr(), /refusing to start \(--exit-on-start 2\)/);
  });

  test('v2: prompt answers {messageId}, upserts follow the replace/append rules, custom stop reason', async () => {
    const agent = spawnAgent('test/agents/v2.agent.ts');
    const updates: acp2.SessionUpdate[] = [];
    let idle: (() => void) | undefined;
    try {
      await acp2
        .client({ name: 'smoke' })
        .onNotification('session/update', ({ params }) => {
          updates.push(params.update);
          if (params.update.sessionUpdate === 'state_update' && params.update.state === 'idle') idle?.();
        })
        .connectWith(agent.stream, async (ctx) => {
          const init = await ctx.request('initialize', { protocolVersion: 2, info: { name: 'smoke', version: '0' }, capabilities: {} });
          assert.equal(init.protocolVersion, 2);
          const { sessionId } = await ctx.request('session/new', { cwd: tmpdir() });
          const turn = async (t: string) => {
            updates.length = 0;
            const finished = new Promise<void>((r) => (idle = r));
            const { messageId } = await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: t }] });
            await finished;
            return messageId;
          };

          const userId = await turn('upsert');
          assert.deepEqual(updates[0], { sessionUpdate: 'user_message', messageId: userId, content: [{ type: 'text', text: 'upsert' }] });
          const messages = new Map<string, string>();
          for (const u of updates as Array<{ sessionUpdate: string; messageId?: string; content?: unknown }>) {
            const id = u.messageId ?? '';
            if (u.sessionUpdate === 'agent_message' && 'content' in u) {
              const blocks = (u.content ?? []) as Array<{ text?: string }>;
              messages.set(id, blocks.map((b) => b.text ?? '').join(''));
            } else if (u.sessionUpdate === 'agent_message_chunk') {
              messages.set(id, (messages.get(id) ?? '') + text(u));
            }
          }
          assert.deepEqual([...messages.values()], [...UPSERT_FINAL]);

          await turn('custom-stop');
          assert.deepEqual(updates.at(-1), { sessionUpdate: 'state_update', state: 'idle', stopReason: CUSTOM_STOP_REASON });
        });
    } finally {
      agent.stop();
    }
  });

  test('draft: the old tool-call shapes go out as raw lines; the v1 twin is valid ACP', async () => {
    const agent = spawnAgent('test/agents/draft.agent.ts');
    const seen: string[] = [];
    try {
      await acp
        .client({ name: 'smoke' })
        .onNotification('session/update', ({ params }) => {
          seen.push(params.update.sessionUpdate === 'agent_message_chunk' ? text(params.update) : params.update.sessionUpdate);
        })
        .connectWith(agent.stream, async (ctx) => {
          await ctx.request('initialize', { protocolVersion: 1 });
          const { sessionId } = await ctx.request('session/new', { cwd: tmpdir(), mcpServers: [] });
          await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'draft' }] });
          assert.deepEqual(seen, [DRAFT_INTRO, DRAFT_OUTRO], 'the SDK client drops the draft shapes');
          const raw = agent.lines.map((l) => JSON.parse(l) as { params?: { update?: Record<string, unknown> } }).map((m) => m.params?.update);
          assert.ok(raw.some((u) => u?.sessionUpdate === 'tool_call' && u.id === DRAFT_TOOL.id && u.name === DRAFT_TOOL.name));
          assert.ok(raw.some((u) => u?.sessionUpdate === 'tool_call_update' && u.status === 'success' && u.output === DRAFT_TOOL.output));

          seen.length = 0;
          await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'v1' }] });
          assert.deepEqual(seen, [DRAFT_INTRO, 'tool_call', 'tool_call_update', DRAFT_OUTRO]);
        });
    } finally {
      agent.stop();
    }
  });

  test('hostile: reports the error codes the client answered', async () => {
    const agent = spawnAgent('test/agents/hostile.agent.ts');
    let message = '';
    try {
      await acp
        .client({ name: 'smoke' })
        .onNotification('session/update', ({ params }) => {
          if (params.update.sessionUpdate === 'agent_message_chunk') message = text(params.update);
        })
        .connectWith(agent.stream, async (ctx) => {
          await ctx.request('initialize', { protocolVersion: 1 });
          const { sessionId } = await ctx.request('session/new', { cwd: tmpdir(), mcpServers: [] });
          const result = await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'unknown-method' }] });
          assert.equal(result.stopReason, 'end_turn');
        });
      assert.equal(message, 'SURVIVED unknown-method\nRESPONSES: unknown-ext=-32601 unknown=-32601');
    } finally {
      agent.stop();
    }
  });

  test('example agent: commands, permissioned write of agent-chat-demo.md, node --version in a terminal', async () => {
    const agent = spawnAgent('examples/example-agent/main.ts');
    const cwd = mkdtempSync(join(tmpdir(), 'example-agent-'));
    const kinds = new Set<string>();
    const writes: string[] = [];
    const commands: string[] = [];
    const runs = new Map<string, Promise<{ code: number; output: string }>>();
    try {
      const result = await acp
        .client({ name: 'smoke' })
        .onNotification('session/update', ({ params }) => {
          kinds.add(params.update.sessionUpdate);
          if (params.update.sessionUpdate === 'available_commands_update') {
            commands.push(...params.update.availableCommands.map((c) => c.name));
          }
        })
        .onRequest('session/request_permission', () => ({ outcome: { outcome: 'selected', optionId: 'allow' } }))
        .onRequest('fs/read_text_file', () => {
          throw acp.RequestError.resourceNotFound();
        })
        .onRequest('fs/write_text_file', ({ params }) => {
          writes.push(params.path);
          return {};
        })
        .onRequest('terminal/create', ({ params }) => {
          const id = `t${runs.size + 1}`;
          runs.set(
            id,
            new Promise((resolve) =>
              execFile(params.command, params.args ?? [], { cwd: params.cwd ?? cwd }, (err, stdout) =>
                resolve({ code: err ? 1 : 0, output: stdout }),
              ),
            ),
          );
          return { terminalId: id };
        })
        .onRequest('terminal/wait_for_exit', async ({ params }) => ({ exitCode: (await runs.get(params.terminalId))?.code ?? null }))
        .onRequest('terminal/output', async ({ params }) => {
          const run = await runs.get(params.terminalId);
          return { output: run?.output ?? '', truncated: false, exitStatus: { exitCode: run?.code ?? null } };
        })
        .onRequest('terminal/release', () => ({}))
        .connectWith(agent.stream, async (ctx) => {
          await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: fullCaps });
          const { sessionId } = await ctx.request('session/new', { cwd, mcpServers: [] });
          return ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/demo' }] });
        });
      assert.equal(result.stopReason, 'end_turn');
      assert.deepEqual(commands, ['demo', 'help']);
      assert.deepEqual(writes, [join(cwd, 'agent-chat-demo.md')]);
      assert.equal(runs.size, 1);
      for (const kind of ['agent_thought_chunk', 'plan', 'tool_call', 'tool_call_update', 'usage_update', 'agent_message_chunk']) {
        assert.ok(kinds.has(kind), `sent ${kind}`);
      }
    } finally {
      agent.stop();
    }
  });
});
