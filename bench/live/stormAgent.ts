/**
 * A bench agent on the official ACP SDK over stdio that sends a team of subagents to work at
 * once (child sessions, `subagent_update`). A prompt `storm <children> <calls> <seconds>` announces
 * `children` helpers; each makes `calls` tool calls, the last GRANDCHILD_CALLS of them through a
 * helper of its own (a grandchild, announced then): three levels of cards. Each tool call is said
 * first in a short streamed message, then made: every other one edits a file (a 30-line diff), the
 * others run a command whose output (25 lines) comes through an agent-owned terminal. The steps
 * are paced evenly over `seconds`, all helpers stepping together.
 *
 * Child ids are `<session>-c<k>` (`-g<k>` for their helpers). The first helper's messages carry markers (` t<k>`) so the panel can tell when each reached its
 * DOM; the moment each is written to stdout is taken on the system's monotonic clock and, after
 * the turn, written to stderr as one line `TIMES [ms, …]`.
 *
 * Usage: node --import tsx bench/live/stormAgent.ts
 */
import { Readable, Writable } from 'node:stream';
import { agent, ndJsonStream } from '@agentclientprotocol/sdk';

const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const GRANDCHILD_CALLS = 50;

const BEFORE = Array.from({ length: 30 }, (_, i) => `export function step${i}(input: number): number {\n  return input + ${i};\n}`).join('\n');
const AFTER = BEFORE.replace(/input \+ (\d)\b/g, 'input * $1');
const output = (k: number) => Buffer.from(Array.from({ length: 25 }, (_, i) => `ok ${i} - case ${k}.${i} passes (${(i * 7) % 13} ms)`).join('\n') + '\n').toString('base64');

let sessions = 0;
const app = agent({ name: 'bench-storm-agent' })
  // Read raw: the SDK's stable schema would drop the unstable `subagents` capability.
  .onRequest('initialize', (raw: unknown) => raw as object, () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false, promptCapabilities: { image: false, audio: false, embeddedContext: false } },
    authMethods: [],
    agentInfo: { name: 'bench-storm-agent', title: 'Bench Storm Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', () => ({ sessionId: `storm_${++sessions}` }))
  .onRequest('session/prompt', async ({ params, client }) => {
    const first = params.prompt.find((b) => b.type === 'text');
    const [, childrenArg, callsArg, secondsArg] = (first?.type === 'text' ? first.text : '').split(/\s+/);
    const children = Math.max(1, Number(childrenArg) || 20);
    const calls = Math.max(GRANDCHILD_CALLS + 1, Number(callsArg) || 500);
    const seconds = Math.max(0.1, Number(secondsArg) || 30);
    const parent = params.sessionId;
    // Child ids of this session's own: a router keeps a child's id for the session that announced it.
    const child = (c: number) => `${parent}-c${c}`;
    const grandchild = (c: number) => `${parent}-g${c}`;
    // The SDK's stable types do not know the unstable kinds; the wire is what matters here.
    const send = (sessionId: string, update: Record<string, unknown>) => void client.notify('session/update', { sessionId, update } as never);
    const times: number[] = [];
    let marker = 0;
    const say = (sessionId: string, words: string[]) => {
      for (const text of words) send(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
    };
    const step = (sessionId: string, c: number, k: number) => {
      if (sessionId === child(0)) {
        // Two chunks, each with a marker: when each was written is what latency is judged against.
        for (let i = 0; i < 2; i++) {
          times.push(monotonicMs());
          say(sessionId, [`${i === 0 ? `Step ${k}:` : ''} t${++marker}`]);
        }
      } else {
        say(sessionId, [`Step ${k}: next I `, `look at handler${k}.ts.`]);
      }
      const id = `${sessionId}-call${k}`;
      if (k % 2 === 0) {
        const path = `/w/src/module${c}/handler${k}.ts`;
        send(sessionId, { sessionUpdate: 'tool_call', toolCallId: id, title: `Edit handler${k}.ts`, kind: 'edit', status: 'in_progress', content: [{ type: 'diff', path, oldText: BEFORE, newText: AFTER }], locations: [{ path, line: 1 }] });
      } else {
        const terminalId = `${id}-term`;
        send(sessionId, { sessionUpdate: 'tool_call', toolCallId: id, title: `Run npm test (${k})`, kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
        send(sessionId, { sessionUpdate: 'terminal_update', terminalId, command: 'npm test' });
        send(sessionId, { sessionUpdate: 'terminal_output_chunk', terminalId, data: output(k) });
        send(sessionId, { sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 0 } });
      }
      send(sessionId, { sessionUpdate: 'tool_call_update', toolCallId: id, status: 'completed' });
    };

    say(parent, [`Sending ${children} helpers.`]);
    for (let c = 0; c < children; c++) {
      send(parent, { sessionUpdate: 'subagent_update', sessionId: child(c), title: `Helper ${c}: module ${c}`, state: { state: 'running' }, capabilities: { cancel: {} }, _meta: { claudeCode: { subagentType: 'general-purpose', model: 'sonnet' } } });
    }
    const own = calls - GRANDCHILD_CALLS;
    const start = monotonicMs();
    for (let s = 0; s < calls; s++) {
      const due = start + (s * seconds * 1000) / calls;
      const wait = due - monotonicMs();
      if (wait >= 1) await sleep(wait);
      for (let c = 0; c < children; c++) {
        if (s === own) send(child(c), { sessionUpdate: 'subagent_update', sessionId: grandchild(c), title: `Checker ${c}`, state: { state: 'running' } });
        if (s < own) step(child(c), c, s);
        else step(grandchild(c), c, s);
      }
    }
    for (let c = 0; c < children; c++) {
      send(child(c), { sessionUpdate: 'subagent_update', sessionId: grandchild(c), state: { state: 'idle', stopReason: 'end_turn' } });
      say(child(c), [`Module ${c} done.`]);
      send(parent, { sessionUpdate: 'subagent_update', sessionId: child(c), state: { state: 'idle', stopReason: 'end_turn' } });
    }
    say(parent, ['All helpers are done.']);
    await sleep(50);
    process.stderr.write(`TIMES ${JSON.stringify(times)}\n`);
    return { stopReason: 'end_turn' };
  });

const stream = ndJsonStream(Writable.toWeb(process.stdout) as WritableStream<Uint8Array>, Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>);
void app.connect(stream).closed.finally(() => setTimeout(() => process.exit(0), 10).unref());
