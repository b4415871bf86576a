// Closing the window. In code-server the extension host outlives a closed browser tab for the
// reconnection grace time (5 minutes after a proper close, 3 hours after a lost connection), then
// the server ends it with SIGTERM; the journey does that last step itself instead of waiting.
// Whatever the extension started (the agent, a terminal command and that command's background
// job) must not outlive the extension host, however it ended.
import { realpathSync } from 'node:fs';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { canInspectProcesses, describe as list, processTable, sessionsWorkingIn, survivors } from '../support/processTree.ts';
import { waitUntil } from '../../scripts/e2e/wait.mjs';

const JOB = 'sleep 300 >/dev/null 2>&1 &\nsleep 300\n';
const win = chatWindow('window-close', { files: { 'job.sh': JOB } });

journey(win, 'closing the window mid-turn: once the extension host is ended, nothing the extension started is left', async ({ page, chat, workspace }) => {
  if (!canInspectProcesses) return;
  await chat.newSession();
  await chat.send('terminal sh job.sh');
  const folder = realpathSync(workspace);
  let sessions = new Set();
  await waitUntil(() => {
    sessions = sessionsWorkingIn(folder);
    return survivors(sessions).filter((p) => /sleep 300/.test(p.command)).length === 2 && sessions.size >= 2;
  }, { timeout: 30000, message: 'the agent, the command and its job running' });
  // The extension host is the parent of the processes that lead those sessions.
  const table = processTable();
  const hosts = new Set(table.filter((p) => sessions.has(p.sid) && p.pid === p.sid).map((p) => p.ppid));
  if (hosts.size !== 1) throw new Error(`expected one extension host as the parent, found ${[...hosts].join(', ')}:\n${list(survivors(sessions))}`);
  const [host] = hosts;
  await page.close();
  try {
    process.kill(host, 'SIGTERM');
  } catch (e) {
    // Already gone: code-server sometimes ends the host itself as the page closes (seen once in a
    // clean-clone CI run). What this journey is about holds either way.
    if (e.code !== 'ESRCH') throw e;
  }
  await waitUntil(() => survivors(sessions).length === 0, { timeout: 30000, message: 'nothing left after the extension host ended' })
    .catch((e) => { throw new Error(`${e.message}; left:\n${list(survivors(sessions))}`); });
}, { timeout: 120000 });
