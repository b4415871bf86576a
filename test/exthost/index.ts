/**
 * Entry point VS Code calls with `extensionTestsPath` (bundled to out/exthost/index.cjs).
 * Results go to the JSON file named by AGENT_CHAT_TEST_RESULT; a failure also rejects.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { runAll } from './harness.js';
import './suite.js';
import './daily.js';
import './account.js';
import './agentPool.js';
import './permissionNotice.js';
import './tabsRestore.js';
import './fileChanges.js';
import './reviewHunks.js';
import './reportedUndo.js';
import './reviewGone.js';
import './reviewAll.js';
import './mentionSymbols.js';
import './interruptedTurn.js';
import './reviewFolders.js';
import './backgroundQueue.js';
import './inputNotice.js';
import './followAgent.js';
import './turnNotices.js';
import './registry.js';
import './editorTools.js';
import './racingWrites.js';
import './plantedSecrets.js';
import './protocolLogRing.js';
import './worktreeThreads.js';
import './overview.js';
import './budget.js';
import './threadNotices.js';
import './planFile.js';
import './steer.js';

export async function run(): Promise<void> {
  const lines: string[] = [];
  const results = await runAll((line) => {
    lines.push(line);
    console.log(line);
  });
  const failed = results.filter((r) => !r.ok);
  const report = { passed: results.length - failed.length, failed: failed.length, tests: results };
  const file = process.env.AGENT_CHAT_TEST_RESULT;
  if (file) {
    // Whole or not at all: the runner reads it as soon as the name exists.
    writeFileSync(`${file}.tmp`, JSON.stringify(report, null, 2));
    renameSync(`${file}.tmp`, file);
  }
  if (failed.length > 0) throw new Error(`${failed.length} extension-host test(s) failed:\n${failed.map((f) => `${f.name}: ${f.error}`).join('\n')}`);
}
