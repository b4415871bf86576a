/**
 * A remote thread reopened later (from history, or a tab restored after a reload): its saved
 * session facts carry the context, task and task state; the reopened session asks the server
 * for the task (GetTask) and continues it, or, when the server no longer has it, says so and
 * starts a new task in the same context. Against both real servers, each restarted for the
 * "lost" case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startV03Server } from '../../a2a/v03Server.js';
import { startV10Server } from '../../a2a/v10Server.js';
import { FINAL_CHUNKS, PRELIM, Q1, Q2 } from '../../a2a/conversation.js';
import { open } from './support.js';

type Server = { url: string; close(): Promise<void>; requests: { method: string; params: unknown }[] };
/** Each server, with the names its protocol version gives GetTask and the streaming send. */
const servers: Array<[string, (port?: number) => Promise<Server>, { getTask: string; stream: string }]> = [
  ['v0.3', startV03Server, { getTask: 'tasks/get', stream: 'message/stream' }],
  ['v1.0', startV10Server, { getTask: 'GetTask', stream: 'SendStreamingMessage' }],
];

/** The thread as the transcript store keeps it: plain JSON. */
const saved = (h: Awaited<ReturnType<typeof open>>) => JSON.parse(JSON.stringify(h.thread.snapshot())) as ReturnType<typeof h.thread.snapshot>;

for (const [version, start, methods] of servers) {
  test(`${version}: a thread reopened while its task waits for an answer continues the same task`, async () => {
    const server = await start();
    try {
      const first = await open(server.url);
      await first.send('Analyze this dataset');
      const kept = saved(first);
      const ref = kept.session.remoteTask;
      assert.ok(ref?.taskId && ref.contextId, `ids saved with the thread: ${JSON.stringify(ref)}`);
      assert.equal(ref.state, 'input_required');
      await first.agent.dispose();

      // A new window: a fresh client for the same agent, the thread from its transcript.
      const again = await open(server.url, { reopen: { sessionId: first.session.sessionId, saved: kept } });
      assert.equal(again.session.sessionId, first.session.sessionId, 'the same transcript goes on');
      assert.equal(again.session.mapper.taskId, ref.taskId);
      assert.equal(again.session.mapper.state, 'input_required', 'refreshed from the server');
      const asked = server.requests.filter((r) => r.method === methods.getTask);
      assert.deepEqual(asked.map((r) => (r.params as { id?: string }).id), [ref.taskId], 'one GetTask, for the saved task, on reopen');
      assert.equal(again.agentTexts().filter((t) => t === Q1).length, 1, 'the saved question is shown once');

      await again.send('Revenue and profit margin');
      assert.ok(again.agentTexts().includes(PRELIM) && again.agentTexts().includes(Q2), again.agentTexts().join('\n---\n'));
      assert.equal(again.session.mapper.taskId, ref.taskId, 'the same task');
      await again.send('Yes, include it but flag the anomalies');
      assert.ok(again.agentTexts().includes(FINAL_CHUNKS.join('')));
      assert.equal(again.thread.session.remoteTask?.state, 'completed');
      assert.equal(again.thread.session.remoteTask?.contextId, ref.contextId);
      await again.agent.dispose();
    } finally {
      await server.close();
    }
  });

  test(`${version}: a server that lost the task: the thread says so, the next message starts a new task in the same context`, async () => {
    let server = await start();
    const port = Number(new URL(server.url).port);
    try {
      const first = await open(server.url);
      await first.send('Analyze this dataset');
      const kept = saved(first);
      const ref = kept.session.remoteTask!;
      await first.agent.dispose();
      await server.close();
      server = await start(port);

      const again = await open(server.url, { reopen: { sessionId: first.session.sessionId, saved: kept } });
      // The notice comes once the thread listens.
      await new Promise((r) => setImmediate(r));
      const notice = again.thread.entries.find((e) => e.type === 'notice' && /no longer has the earlier task/.test(e.title));
      assert.ok(notice, again.thread.entries.map((e) => e.type).join(','));
      assert.equal(again.session.mapper.taskId, undefined);
      assert.equal(again.session.mapper.contextId, ref.contextId);

      await again.send('Analyze this dataset');
      assert.equal(again.turnEnds().at(-1)!.stopReason, 'input_required');
      assert.notEqual(again.session.mapper.taskId, ref.taskId, 'a new task');
      assert.ok(again.session.mapper.taskId);
      // The restarted server was asked for the lost task, then sent the new message.
      assert.deepEqual(server.requests.filter((r) => r.method === methods.getTask).map((r) => (r.params as { id?: string }).id), [ref.taskId]);
      const sent = server.requests.filter((r) => r.method === methods.stream).at(-1)!.params as { message: { taskId?: string; contextId?: string } };
      assert.equal(sent.message.contextId, ref.contextId, 'in the same context');
      assert.ok(!sent.message.taskId, `no task named: ${sent.message.taskId}`);
      await again.agent.dispose();
    } finally {
      await server.close();
    }
  });
}
