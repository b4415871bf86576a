/**
 * Real small archives (.tar.gz, .tar.bz2, .zip), built with the system tar and zip, whose
 * `echo-agent` is a script that starts a test agent speaking ACP — what a binary distribution in
 * the registry looks like to us.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltArchive {
  bytes: Buffer;
  sha256: string;
}

export type BuiltFormat = 'tar.gz' | 'tar.bz2' | 'zip';

/** `members`: path in the archive → content (mode 0755 for the program); `-P` keeps names as written, so "../x" can be tested. */
export function tarGz(members: Record<string, string>, executable = 'echo-agent'): BuiltArchive {
  return buildArchive('tar.gz', members, executable);
}

/** The same members in any format the registry's binaries come in (zip keeps the program's mode: `zip` stores Unix permissions). */
export function buildArchive(format: BuiltFormat, members: Record<string, string>, executable = 'echo-agent'): BuiltArchive {
  const dir = mkdtempSync(join(tmpdir(), 'registry-archive-'));
  try {
    const root = join(dir, 'root');
    mkdirSync(root);
    for (const [name, content] of Object.entries(members)) {
      const file = join(root, name);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, content);
      if (name === executable) chmodSync(file, 0o755);
    }
    const out = join(dir, `a.${format}`);
    const made = format === 'zip'
      ? spawnSync('zip', ['-q', '-X', out, ...Object.keys(members)], { cwd: root, encoding: 'utf8' })
      : spawnSync('tar', [format === 'tar.gz' ? '-czPf' : '-cjPf', out, '-C', root, ...Object.keys(members)], { encoding: 'utf8' });
    if (made.error) throw new Error(`${format === 'zip' ? 'zip' : 'tar'} could not run: ${made.error.message}`);
    if (made.status !== 0) throw new Error(`building the ${format} failed: ${made.stderr}`);
    const bytes = readFileSync(out);
    return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A POSIX shell script that runs `command args…` with the arguments it was given appended. */
export function launcherScript(command: string, args: string[]): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `#!/bin/sh\nexec ${[command, ...args].map(quote).join(' ')} "$@"\n`;
}
