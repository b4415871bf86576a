/**
 * Messages between sessions (agents/acp/session/sessionMessages.ts): each view of a child's task
 * and report goes to the child's card, whichever session's transcript it came on; the two views
 * of one message make one row; chunks that come before their message wait for it; a message
 * naming no child of its session is left out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { SessionMessages } from '../../../src/agents/acp/session/sessionMessages.js';

const PATHS: Record<string, string[]> = { c1: ['c1'], c2: ['c1', 'c2'] };

function family() {
  const emitted: Array<[string, SessionEvent]> = [];
  const logged: string[] = [];
  const messages = new SessionMessages({
    pathOf: (id) => PATHS[id],
    emitAt: (path, event) => emitted.push([path.join('/'), event]),
    log: (line) => logged.push(line),
  });
  return { messages, emitted, logged };
}
const text = (t: string) => ({ type: 'text' as const, text: t });

test('the parent’s outgoing task and the child’s incoming view land in the child’s card under one key', () => {
  const { messages, emitted } = family();
  messages.handle([], { kind: 'session_message', messageId: 'tu1', senderSessionId: 'p', recipientSessionId: 'c1', recipientMessageId: 'in1', content: [text('Read it')] });
  messages.handle(['c1'], { kind: 'session_message', messageId: 'in1', senderSessionId: 'p', recipientSessionId: 'c1', senderMessageId: 'tu1', content: [text('Read it')] });
  assert.deepEqual(emitted.map(([path, e]) => [path, e.kind === 'subagent_message' ? [e.role, e.messageId] : e.kind]), [['c1', ['task', 'in1']], ['c1', ['task', 'in1']]]);
});

test('reports: the parent’s incoming view and a grandchild’s own outgoing one, each to its card', () => {
  const { messages, emitted } = family();
  messages.handle([], { kind: 'session_message', messageId: 'c1:reply', senderSessionId: 'c1', recipientSessionId: 'p', content: [text('Done')] });
  messages.handle(['c1', 'c2'], { kind: 'session_message', messageId: 'out', senderSessionId: 'c2', recipientSessionId: 'c1', content: [text('Links fine')] });
  // On c1, a message from its own child c2 is c2's report too.
  messages.handle(['c1'], { kind: 'session_message', messageId: 'in', senderSessionId: 'c2', recipientSessionId: 'c1', senderMessageId: 'out', content: [text('Links fine')] });
  assert.deepEqual(emitted.map(([path, e]) => [path, e.kind === 'subagent_message' ? [e.role, e.messageId] : e.kind]), [
    ['c1', ['report', 'parent:c1:reply']],
    ['c1/c2', ['report', 'out']],
    ['c1/c2', ['report', 'out']],
  ]);
});

test('chunks before their message wait for it, then follow it in order; later chunks go straight through', () => {
  const { messages, emitted } = family();
  messages.handle([], { kind: 'session_message_chunk', messageId: 'm', content: text('Fix ') });
  messages.handle([], { kind: 'session_message_chunk', messageId: 'm', content: text('the ') });
  assert.equal(emitted.length, 0, 'nothing to show before the participants are known');
  messages.handle([], { kind: 'session_message', messageId: 'm', senderSessionId: 'p', recipientSessionId: 'c1' });
  messages.handle([], { kind: 'session_message_chunk', messageId: 'm', content: text('typo') });
  assert.deepEqual(emitted.map(([path, e]) => [path, e.kind === 'subagent_message' ? e.chunk : undefined]), [['c1', text('Fix ')], ['c1', text('the ')], ['c1', text('typo')]]);
});

test('a message naming no child of the session it came on is logged and not shown; a chunk never described stays out', () => {
  const { messages, emitted, logged } = family();
  messages.handle([], { kind: 'session_message', messageId: 'x', senderSessionId: 'a', recipientSessionId: 'b', content: [text('stray')] });
  // c2 is a grandchild: not a child of the top session, so a message to it there is not placed.
  messages.handle([], { kind: 'session_message', messageId: 'y', senderSessionId: 'p', recipientSessionId: 'c2', content: [text('skip a level')] });
  for (let i = 0; i < 100; i++) messages.handle([], { kind: 'session_message_chunk', messageId: `never${i}`, content: text('lost') });
  assert.equal(emitted.length, 0);
  assert.equal(logged.filter((l) => /names no subagent/.test(l)).length, 2);
  assert.ok(logged.some((l) => /too many messages not described yet/.test(l)), 'the waiting chunks are bounded');
});
