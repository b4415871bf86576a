import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BadInputReporter } from '../../../src/agents/acp/connection/badInput.js';

test('first problem is shown, later ones are summarised at most once per interval; all are logged', () => {
  let now = 0;
  const shown: string[] = [];
  const logged: string[] = [];
  let listening = false;
  const r = new BadInputReporter((_title, detail) => listening && shown.push(detail) > 0, (l) => logged.push(l), 1000, () => now);
  r.report({ kind: 'not_an_object', line: 'before any session' });
  listening = true;
  r.report({ kind: 'invalid_json', message: 'Unexpected token', line: 'oops' });
  r.report({ kind: 'not_an_object', line: '42' });
  now = 500;
  r.report({ kind: 'not_an_object', line: '43' });
  assert.equal(shown.length, 1);
  assert.match(shown[0]!, /not JSON \(Unexpected token\): oops/);
  now = 1500;
  r.report({ kind: 'line_too_long', bytes: 40, maxBytes: 32 });
  assert.equal(shown.length, 2);
  assert.match(shown[1]!, /40-byte line, over the 32-byte limit \(dropped\) \(and 2 more since the last notice\)/);
  assert.equal(logged.length, 5);
});
