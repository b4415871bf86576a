/**
 * No orphans when our own process ends without deactivating (code-server ending the extension
 * host of a closed window with SIGTERM, a crash, SIGKILL): the watchdog ends the groups we
 * started — a terminal command and the background job it left — within a few seconds. The
 * control run without the watchdog shows the same command outliving its host.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { canInspectProcesses, describe as list, survivors } from '../support/processTree.js';

const repo = new URL('../..', import.meta.url).pathname;
const tsx = import.meta.resolve('tsx');
const JOB = 'sleep 300 >/dev/null 2>&1 & sleep 300';

/** Starts the stand-in host; resolves with it and the group it started. */
function startHost(mode: 'reaper' | 'none'): Promise<{ host: ReturnType<typeof spawn>; group: number }> {
  const host = spawn(process.execPath, ['--import', tsx, join(repo, 'test/peer/fixtures/hostThatEnds.ts'), mode, JOB], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    host.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /GROUP (\d+)/.exec(out);
      if (m) resolve({ host, group: Number(m[1]) });
    });
    host.once('exit', (code) => reject(new Error(`host exited early (${code}): ${out}`)));
  });
}

async function waitGone(group: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (survivors([group]).length === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function waitRunning(group: number): Promise<void> {
  const until = Date.now() + 15_000;
  while (survivors([group]).filter((p) => /sleep 300/.test(p.command)).length < 2) {
    if (Date.now() > until) throw new Error(`the command and its job never both ran:\n${list(survivors([group]))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`the host ends by ${signal}: the watchdog ends the command and its background job`, { skip: !canInspectProcesses }, async () => {
    const { host, group } = await startHost('reaper');
    await waitRunning(group);
    host.kill(signal);
    const gone = await waitGone(group, 10_000);
    assert.ok(gone, `left after the host ended:\n${list(survivors([group]))}`);
  });
}

test('control: without the watchdog the command outlives its host (what the watchdog is for)', { skip: !canInspectProcesses }, async () => {
  const { host, group } = await startHost('none');
  await waitRunning(group);
  host.kill('SIGKILL');
  try {
    assert.equal(await waitGone(group, 1_000), false, 'the group went by itself: this test would not notice a missing watchdog');
  } finally {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone
    }
  }
});
