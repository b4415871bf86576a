import { test } from 'node:test';
import assert from 'node:assert/strict';
import { middleTruncate } from '../../../webview/format.js';

test('middleTruncate keeps both ends, so titles that start alike still tell apart', () => {
  const a = middleTruncate('Refactor the authentication flow, step 1', 22);
  const b = middleTruncate('Refactor the authentication flow, step 2', 22);
  assert.equal([...a].length <= 22, true);
  assert.notEqual(a, b);
  assert.match(a, /^Refactor the…/);
  assert.match(a, /step 1$/);
  assert.equal(middleTruncate('Short title', 22), 'Short title');
  assert.equal(middleTruncate('emoji 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉 end', 12).includes('\uFFFD'), false);
});
