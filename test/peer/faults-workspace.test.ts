/**
 * Fault suite, the workspace: a folder removed from the workspace while a session uses it is
 * out of the agent's reach from then on, with an error that says so.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { peerClient, record, say, streamedText, tempDir, testAgent } from './support/harness.js';

describe('a workspace folder removed mid-session', () => {
  test('reads in the removed folder fail with a clear error and a notice; the other folder still works', async () => {
    const base = await tempDir('ws-removed-');
    const [kept, removed] = [join(base, 'kept'), join(base, 'removed')];
    await mkdir(kept);
    await mkdir(removed);
    await writeFile(join(kept, 'a.txt'), 'kept text');
    await writeFile(join(removed, 'b.txt'), 'removed text');
    const roots = [kept, removed];
    const { client } = peerClient(testAgent('scripted', ['--delay', '0']), roots);
    try {
      assert.equal((await client.start()).state, 'ready');
      const { session, events } = record(await client.newSession());
      await session.prompt(say(`read ${join(removed, 'b.txt')}`));
      assert.match(streamedText(events), /READ:removed text/, 'reachable while it is in the workspace');
      roots.pop(); // the user removes the folder from the workspace
      const before = events.length;
      await session.prompt(say(`read ${join(removed, 'b.txt')}`));
      const after = streamedText(events.slice(before));
      assert.match(after, /READ-ERROR:-32001/);
      const notice = events.slice(before).find((e) => e.kind === 'notice_local');
      assert.match(notice?.kind === 'notice_local' ? notice.detail ?? '' : '', /b\.txt is in .*removed, which was removed from the workspace during this session; the agent can no longer reach it\./);
      const again = events.length;
      await session.prompt(say(`read ${join(kept, 'a.txt')}`));
      assert.match(streamedText(events.slice(again)), /READ:kept text/);
    } finally {
      await client.dispose();
      await rm(base, { recursive: true, force: true });
    }
  });

  test('a workspace folder deleted from disk mid-session: reads there fail as not found, nothing breaks, the other folder still works', async () => {
    const base = await tempDir('ws-deleted-');
    const [kept, deleted] = [join(base, 'kept'), join(base, 'deleted')];
    await mkdir(kept);
    await mkdir(deleted);
    await writeFile(join(kept, 'a.txt'), 'kept text');
    await writeFile(join(deleted, 'b.txt'), 'doomed text');
    const { client } = peerClient(testAgent('scripted', ['--delay', '0']), [kept, deleted]);
    try {
      assert.equal((await client.start()).state, 'ready');
      const { session, events } = record(await client.newSession());
      await rm(deleted, { recursive: true });
      await session.prompt(say(`read ${join(deleted, 'b.txt')}`));
      assert.match(streamedText(events), /READ-ERROR:-32002/);
      const before = events.length;
      await session.prompt(say(`read ${join(kept, 'a.txt')}`));
      assert.match(streamedText(events.slice(before)), /READ:kept text/);
    } finally {
      await client.dispose();
      await rm(base, { recursive: true, force: true });
    }
  });
});
