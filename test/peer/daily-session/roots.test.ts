/**
 * Multi-root workspaces: the session's file boundary is every workspace root (not only cwd),
 * and nothing outside them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { record, say, startPeer, streamedText, tempDir, testAgent, type Peer } from '../support/harness.js';

describe('daily sessions: fs confinement follows every workspace root', () => {
  let peer: Peer;
  let second: string;
  let outside: string;
  before(async () => {
    second = await tempDir('daily-root2-');
    outside = await tempDir('daily-outside-');
    await writeFile(join(second, 'notes.txt'), 'from the second root');
    await mkdir(join(outside, 'x'));
    await writeFile(join(outside, 'x', 'secret.txt'), 'nope');
    const roots: string[] = [];
    peer = await startPeer(testAgent('scripted', ['--delay', '0']), { workspace: { roots: () => roots } });
    roots.push(peer.dir, second);
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(async () => {
    await peer.close();
    await rm(second, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  test('a file in the second root can be read from a session in the first', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say(`read ../${basename(second)}/notes.txt`));
    assert.match(streamedText(events), /READ:from the second root/);
  });

  test('a file outside every root is refused', async () => {
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say(`read ../${basename(outside)}/x/secret.txt`));
    assert.match(streamedText(events), /READ-ERROR:/);
    assert.doesNotMatch(streamedText(events), /nope/);
  });
});
