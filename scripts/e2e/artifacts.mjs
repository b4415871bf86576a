// What a failed journey leaves behind under test-results/: a screenshot of the workbench and
// the "Agent Chat Protocol" log (the extension writes it as a log output channel, which VS Code
// stores under the user-data logs folder).
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir } from './paths.mjs';

function findFiles(dir, test, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) findFiles(p, test, out);
    else if (test(name)) out.push({ path: p, mtime: st.mtimeMs });
  }
  return out;
}

export function safeName(name) {
  return name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 80);
}

/** Copies every protocol log written so far (newest last); returns the copied paths. */
export function copyProtocolLogs(userDataDir, prefix) {
  mkdirSync(resultsDir, { recursive: true });
  const logs = findFiles(join(userDataDir, 'logs'), (n) => n.includes('Agent Chat Protocol')).sort((a, b) => a.mtime - b.mtime);
  return logs.map((l, i) => {
    const to = join(resultsDir, `${prefix}-protocol${logs.length > 1 ? `-${i + 1}` : ''}.log`);
    cpSync(l.path, to);
    return to;
  });
}

export async function saveFailure(page, userDataDir, name) {
  mkdirSync(resultsDir, { recursive: true });
  const prefix = safeName(name);
  const saved = [];
  if (page && !page.isClosed()) {
    const shot = join(resultsDir, `${prefix}.png`);
    try {
      await page.screenshot({ path: shot, timeout: 10000 });
      saved.push(shot);
    } catch (e) {
      console.error(`screenshot failed: ${e.message}`);
    }
  }
  if (userDataDir) saved.push(...copyProtocolLogs(userDataDir, prefix));
  return saved;
}
