/**
 * Every JSON example from the protocol documents we build against (early draft, v1 prompt
 * turn, v2 prompt turn, v2 prompt-lifecycle RFD) is a test case here. The examples are copied
 * verbatim into fixtures/seed-examples.json (one edit, marked `edited`, to make an elided
 * object valid JSON).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { WireEvent } from '../../../../src/protocol/events.js';
import { normalizeSessionUpdate } from '../../../../src/protocol/acp/normalize.js';
import { cancelParams, promptParams } from '../../../../src/protocol/acp/outgoing.js';
import { parsePromptResult } from '../../../../src/protocol/acp/parseAgentResults.js';
import { contentBlock } from '../../../../src/protocol/acp/schemas/content.js';
import { createAcpConnection } from '../../../../src/protocol/acp/transport.js';
import { definitionForMethod, validateOutgoing } from '../../../support/schemaValidator.js';

interface SeedExample {
  id: string;
  seed: string;
  edited?: string;
  message: { jsonrpc: '2.0'; id?: number | string; method?: string; params?: any; result?: unknown };
}

const examples = JSON.parse(
  readFileSync(new URL('./fixtures/seed-examples.json', import.meta.url), 'utf8'),
) as SeedExample[];
const byId = new Map(examples.map((e) => [e.id, e.message]));

const update = (m: SeedExample['message']): WireEvent => normalizeSessionUpdate(m.params.update);
const text = (t: string) => ({ type: 'text' as const, text: t });
/** A check that the example's update normalises to exactly `expected`. */
const updateIs = (expected: WireEvent) => (m: SeedExample['message']) => assert.deepEqual(update(m), expected);

/** The v1 prompt both documents show, once as the draft (000-1) and once as v1/v2 (002-1). */
const V1_PROMPT = [
  text('Can you analyze this code for potential issues?'),
  {
    type: 'resource',
    resource: {
      uri: 'file:///home/user/project/main.py',
      mimeType: 'text/x-python',
      text: 'def process_data(items):\n    for item in items:\n        print(item)',
    },
  },
];

function expectPromptRequest(m: SeedExample['message'], prompt: unknown[]): void {
  assert.equal(m.method, 'session/prompt');
  const built = promptParams(m.params.sessionId, m.params.prompt);
  assert.deepEqual(built, { sessionId: m.params.sessionId, prompt });
  assert.deepEqual(validateOutgoing(1, 'PromptRequest', built), []);
  assert.deepEqual(validateOutgoing(2, 'PromptRequest', built), []);
}

const CHECKS: Record<string, (m: SeedExample['message']) => void> = {
  // --- 000: the early draft ---
  '000-1': (m) => {
    // The draft's `embedded_resource {content}` reads as a v1 `resource {text}` block.
    const blocks = (m.params.prompt as unknown[]).map((b) => contentBlock.parse(b));
    assert.deepEqual(blocks, V1_PROMPT);
    assert.deepEqual(validateOutgoing(1, 'PromptRequest', promptParams(m.params.sessionId, blocks)), []);
  },
  '000-2': updateIs({
    kind: 'message_chunk',
    role: 'agent',
    content: text("I'll analyze your code for potential issues. Let me examine it..."),
  }),
  '000-3': (m) => {
    const v1Equivalent = {
      sessionUpdate: 'tool_call',
      toolCallId: 'call_001',
      title: 'analyze_code',
      name: 'analyze_code',
      rawInput: m.params.update.arguments,
    };
    assert.deepEqual(update(m), normalizeSessionUpdate(v1Equivalent));
    assert.deepEqual(update(m), {
      kind: 'tool_call',
      toolCallId: 'call_001',
      replace: true,
      patch: {
        title: 'analyze_code',
        name: 'analyze_code',
        kind: 'other',
        status: 'pending',
        content: [],
        locations: [],
        rawInput: { code: 'def process_data(items):\n    for item in items:\n        print(item)', language: 'python' },
      },
    });
  },
  '000-4': (m) => assert.deepEqual(parsePromptResult(m.result, 1), { ok: true, value: { protocolVersion: 1, stopReason: 'end_turn' } }),
  '000-5': (m) => {
    const output = m.params.update.output as string;
    const v1Equivalent = {
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_001',
      status: 'completed',
      content: [{ type: 'content', content: text(output) }],
      rawOutput: output,
    };
    assert.deepEqual(update(m), normalizeSessionUpdate(v1Equivalent));
    const event = update(m);
    assert.ok(event.kind === 'tool_call' && event.patch.status === 'completed' && !event.replace);
  },

  // --- 002: v2 prompt turn document ---
  '002-1': (m) => expectPromptRequest(m, V1_PROMPT),
  '002-2': updateIs({
    kind: 'message_upsert',
    role: 'user',
    messageId: 'msg_user_8f7a1',
    content: [text('Can you analyze this code for potential issues?')],
  }),
  '002-3': updateIs({
    kind: 'plan',
    planId: 'plan-1',
    entries: [
      { content: 'Check for syntax errors', priority: 'high', status: 'pending' },
      { content: 'Identify potential type issues', priority: 'medium', status: 'pending' },
      { content: 'Review error handling patterns', priority: 'medium', status: 'pending' },
      { content: 'Suggest improvements', priority: 'low', status: 'pending' },
    ],
  }),
  '002-4': updateIs({
    kind: 'message_upsert',
    role: 'agent',
    messageId: 'msg_agent_c42b9',
    content: [text("I'll analyze your code for potential issues. Let me examine it...")],
  }),
  '002-5': updateIs({
    kind: 'message_chunk',
    role: 'agent',
    messageId: 'msg_agent_c42b9',
    content: text(' Let me examine it...'),
  }),
  '002-6': updateIs({
    kind: 'message_upsert',
    role: 'thought',
    messageId: 'msg_thought_a12',
    content: [text('Need to inspect the loop body before suggesting a fix.')],
  }),
  '002-7': updateIs({
    kind: 'tool_call',
    toolCallId: 'call_001',
    replace: false,
    patch: { title: 'Analyzing Python code', kind: 'other', status: 'pending' },
  }),
  '002-8': updateIs({ kind: 'usage', usage: { used: 53000, size: 200000, cost: { amount: 0.045, currency: 'USD' } } }),
  '002-9': (m) => assert.deepEqual(parsePromptResult(m.result, 1), { ok: true, value: { protocolVersion: 1, stopReason: 'end_turn' } }),
  '002-10': updateIs({ kind: 'tool_call', toolCallId: 'call_001', replace: false, patch: { status: 'in_progress' } }),
  '002-11': updateIs({
    kind: 'tool_call_content_chunk',
    toolCallId: 'call_001',
    content: { type: 'content', content: text('Checked syntax...') },
  }),
  '002-12': updateIs({
    kind: 'tool_call',
    toolCallId: 'call_001',
    replace: false,
    patch: {
      status: 'completed',
      content: [
        {
          type: 'content',
          content: text(
            'Analysis complete:\n- No syntax errors found\n- Consider adding type hints for better clarity\n- The function could benefit from error handling for empty lists',
          ),
        },
      ],
    },
  }),
  '002-13': (m) => {
    assert.equal(m.method, 'session/cancel');
    assert.deepEqual(cancelParams(m.params.sessionId), m.params);
    for (const v of [1, 2] as const) {
      assert.deepEqual(validateOutgoing(v, definitionForMethod(v, 'session/cancel', 'Notification'), m.params), []);
    }
  },

  // --- 004: v2 prompt lifecycle RFD ---
  '004-1': (m) => assert.deepEqual(parsePromptResult(m.result, 2), { ok: true, value: { protocolVersion: 2 } }),
  '004-2': (m) => expectPromptRequest(m, [text("What's the capital of France?")]),
  '004-3': (m) => assert.deepEqual(parsePromptResult(m.result, 2), { ok: true, value: { protocolVersion: 2 } }),
  '004-4': updateIs({
    kind: 'message_upsert',
    role: 'user',
    messageId: 'mess_456def',
    content: [text("What's the capital of France?")],
  }),
  '004-5': updateIs({ kind: 'state', state: 'running' }),
  '004-6': updateIs({ kind: 'state', state: 'idle', stopReason: 'end_turn' }),
  '004-7': updateIs({ kind: 'state', state: 'requires_action' }),
};

test('every seed example has a check and every check an example', () => {
  assert.deepEqual(Object.keys(CHECKS).sort(), examples.map((e) => e.id).sort());
  assert.ok(examples.length >= 25);
});

for (const example of examples) {
  test(`seed example ${example.id}: ${example.message.method ?? 'result'} ${example.message.params?.update?.sessionUpdate ?? ''}`, () => {
    CHECKS[example.id]!(example.message);
  });
}

test('all seed messages pass through the real transport; every update is delivered in order', async () => {
  const fromAgent = new PassThrough();
  const toAgent = new PassThrough();
  const seen: string[] = [];
  const problems: unknown[] = [];
  const conn = createAcpConnection(fromAgent, toAgent, {
    onProtocolError: (p) => problems.push(p),
    syncNotifications: { 'session/update': (p) => seen.push((p as any).update.sessionUpdate) },
  });
  conn.onRequest('session/prompt', () => ({ stopReason: 'end_turn' }));
  conn.onNotification('session/cancel', () => {});
  conn.listen();
  const updates = examples.filter((e) => e.message.method === 'session/update');
  // Results answer no request of ours here; they still must parse without problems.
  fromAgent.end(examples.map((e) => JSON.stringify(e.message)).join('\r\n'));
  const deadline = Date.now() + 5000;
  while (seen.length < updates.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(problems, []);
  assert.deepEqual(seen, updates.map((e) => e.message.params.update.sessionUpdate));
  conn.dispose();
});
