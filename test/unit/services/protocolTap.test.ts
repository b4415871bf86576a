import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProtocolTap } from '../../../src/services/protocolTap.js';

const chunk = (text: string) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } } });

function lines() {
  const got: string[] = [];
  return { got, info: (line: string) => void got.push(line) };
}

test('protocol tap: nothing is written while nobody looks; opening the log writes what was kept, once', () => {
  const out = lines();
  const tap = new ProtocolTap(out, { keep: 100 });
  tap.message('a', 'out', { jsonrpc: '2.0', id: 1, method: 'session/prompt', params: { sessionId: 's1' } });
  for (const w of ['Hel', 'lo']) tap.message('a', 'in', chunk(w));
  assert.deepEqual(out.got, []);
  tap.writeKept();
  assert.equal(out.got.length, 4, 'a note, the two entries, a note');
  assert.match(out.got[0]!, /3 protocol message\(s\) kept in memory .*streamed text chunks of one message are joined/);
  assert.match(out.got[1]!, /→ .*"session\/prompt"/);
  assert.match(out.got[2]!, /← .*"text":"Hello".*\(2 streamed chunks joined\)/);
  tap.writeKept();
  assert.equal(out.got.length, 4, 'written once');
});

test('protocol tap: live, each message is written as it comes (redacted), after what was kept meanwhile', () => {
  const out = lines();
  const tap = new ProtocolTap(out, { keep: 100 });
  tap.message('a', 'in', chunk('before '));
  tap.setLive(true);
  assert.equal(out.got.length, 3, 'the kept message first');
  tap.message('a', 'out', { jsonrpc: '2.0', id: 2, method: 'authenticate', params: { methodId: 'k', token: 'tok_secret_1234' } });
  tap.message('a', 'in', chunk('live'));
  assert.equal(out.got.length, 5);
  assert.match(out.got[3]!, /"token":"«redacted»"/);
  assert.match(out.got[4]!, /"text":"live"/);
  // Quiet again: the rest of the reply is kept on a line of its own, not joined onto the one written.
  tap.setLive(false);
  tap.message('a', 'in', chunk(' more'));
  tap.writeKept();
  assert.equal(out.got.length, 8);
  assert.match(out.got[6]!, /"text":" more"/);
});

test('protocol tap: live, a run the transport joined is one line that says how many chunks it joins', () => {
  const out = lines();
  const tap = new ProtocolTap(out, { keep: 100 });
  tap.setLive(true);
  tap.message('a', 'in', chunk('Hello world'), 4);
  tap.message('a', 'in', chunk('!'));
  assert.equal(out.got.length, 2);
  assert.match(out.got[0]!, /"text":"Hello world".*\(4 streamed chunks joined\)$/);
  assert.doesNotMatch(out.got[1]!, /joined/);
});
