import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideLink } from '../../../src/vscode/editor/linkPolicy.js';

const roots = ['/work/project'];

test('web and mail links open externally', () => {
  assert.equal(decideLink('https://example.com/a?b#c', roots).action, 'external');
  assert.equal(decideLink('http://localhost:3000', roots).action, 'external');
  assert.equal(decideLink('mailto:someone@example.com', roots).action, 'external');
});

test('command, vscode, javascript and data links are refused', () => {
  for (const href of [
    'command:workbench.action.terminal.new',
    'vscode:extension/foo.bar',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vscode-insiders://foo',
    'relative/path.md',
    '',
  ]) {
    assert.equal(decideLink(href, roots).action, 'refuse', href);
  }
});

test('file links open in the editor only inside a workspace folder', () => {
  assert.deepEqual(decideLink('file:///work/project/src/a.ts#L12', roots), { action: 'file', path: '/work/project/src/a.ts', line: 12 });
  assert.deepEqual(decideLink('file:///work/project/README.md', roots), { action: 'file', path: '/work/project/README.md' });
  assert.equal(decideLink('file:///etc/passwd', roots).action, 'refuse');
  assert.equal(decideLink('file:///work/project/../secret', roots).action, 'refuse');
  assert.equal(decideLink('file:///work/project-other/x', roots).action, 'refuse');
  assert.equal(decideLink('file:///work/project/x', []).action, 'refuse');
});
