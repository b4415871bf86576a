import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANSWER_FROM_NOTIFICATION, answerLinks, inertText } from '../../../src/vscode/notifications/permissionLinks.js';

/** The `[label](target)` links a notification message would render, as VS Code parses them. */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const links = (text: string) => [...text.matchAll(LINK)].map((m) => ({ label: m[1], target: m[2] }));

test('one command link per option, carrying the request and option ids, then the chat', () => {
  const message = answerLinks({
    requestId: 'req 1/ä',
    options: [
      { optionId: 'allow', name: 'Allow' },
      { optionId: 'always', name: 'Always allow (this session)' },
      { optionId: 'reject', name: '[Reject]' },
      { optionId: 'x', name: '   ' },
    ],
  });
  const found = links(message);
  assert.deepEqual(found.map((l) => l.label), ['Allow', 'Always allow this session', 'Reject', 'x', 'open the chat']);
  const args = found.slice(0, 4).map((l) => {
    const [command, query] = l.target.split('?');
    assert.equal(command, `command:${ANSWER_FROM_NOTIFICATION}`);
    return JSON.parse(decodeURIComponent(query!));
  });
  assert.deepEqual(args, [['req 1/ä', 'allow'], ['req 1/ä', 'always'], ['req 1/ä', 'reject'], ['req 1/ä', 'x']]);
  assert.equal(found[4]!.target, 'command:agentChat.open');
});

test('agent text never forms a link, and stays on one line', () => {
  const hostile = 'Edit [the file](command:workbench.action.terminal.sendSequence?%7B%7D)\nand [more] (https://x.test)';
  assert.deepEqual(links(inertText(hostile)), []);
  assert.equal(inertText('  two\n lines '), 'two lines');
  assert.equal(inertText('Run `npm install`?'), 'Run `npm install`?');
});

test('with option kinds: Allow links before Deny links, each in the agent\'s words, an unnamed one named by its kind', () => {
  const message = answerLinks({
    requestId: 'r',
    options: [
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
      { optionId: 'never', name: '', kind: 'reject_always' },
      { optionId: 'yes', name: 'Allow this edit', kind: 'allow_once' },
    ],
  });
  const found = links(message);
  assert.deepEqual(found.map((l) => l.label), ['Allow this edit', 'Reject', 'Always deny', 'open the chat']);
  assert.deepEqual(found.slice(0, 3).map((l) => JSON.parse(decodeURIComponent(l.target.split('?')[1]!))[1]), ['yes', 'no', 'never']);
});
