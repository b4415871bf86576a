/**
 * A binary distribution, installed: downloaded into a private scratch folder in the extension's
 * storage, verified, unpacked and checked, and only then moved to its final folder. Any failure
 * or cancel removes the scratch folder, so nothing half-installed or unverified stays behind.
 * Nothing from the archive is run here.
 */
import { chmod, mkdir, mkdtemp, realpath, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { downloadVerified, type DownloadProgress } from './download.js';
import type { BinaryPlan } from '../installPlan.js';
import { binaryExecutable, binaryInstallDir } from '../settingsEntry.js';
import type { RegistryAgent } from '../types.js';
import { CancelledError } from './httpGet.js';
import { UnsafeArchiveError, unpack } from './unpack.js';

export interface BinaryInstallOptions {
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  /** Called as the install moves from downloading to unpacking. */
  onPhase?: (phase: 'download' | 'unpack') => void;
}

export interface InstalledBinary {
  dir: string;
  executable: string;
  sha256: string;
}

export async function installBinary(
  agent: Pick<RegistryAgent, 'id' | 'version'>,
  plan: BinaryPlan,
  storageDir: string,
  opts: BinaryInstallOptions = {},
): Promise<InstalledBinary> {
  const finalDir = binaryInstallDir(storageDir, agent);
  // Refuse a `cmd` that leaves the folder before downloading anything.
  binaryExecutable(finalDir, plan.cmd);
  const base = path.join(storageDir, 'registry-agents');
  await mkdir(base, { recursive: true });
  const work = await mkdtemp(path.join(base, '.incoming-'));
  try {
    opts.onPhase?.('download');
    const archive = path.join(work, 'download');
    const sha256 = await downloadVerified(plan.archive, archive, { sha256: plan.sha256, signal: opts.signal, onProgress: opts.onProgress });
    opts.onPhase?.('unpack');
    const staging = path.join(work, 'unpacked');
    await mkdir(staging);
    const stagedProgram = binaryExecutable(staging, plan.cmd);
    if (plan.format === 'raw') {
      await mkdir(path.dirname(stagedProgram), { recursive: true });
      await rename(archive, stagedProgram);
    } else {
      await unpack(plan.format, archive, staging, { signal: opts.signal });
    }
    await checkProgram(staging, stagedProgram, plan.cmd);
    if (opts.signal?.aborted) throw new CancelledError();
    await rm(finalDir, { recursive: true, force: true });
    await mkdir(path.dirname(finalDir), { recursive: true });
    await rename(staging, finalDir);
    return { dir: finalDir, executable: binaryExecutable(finalDir, plan.cmd), sha256 };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The program the registry names exists, is a file inside the folder, and may be executed. */
async function checkProgram(root: string, program: string, cmd: string): Promise<void> {
  let info;
  try {
    info = await stat(program);
  } catch {
    throw new Error(`The archive has no "${cmd}", the program the registry says to run; the agent was not installed. Tell the agent's maintainers.`);
  }
  if (!info.isFile()) throw new Error(`"${cmd}" in the archive is not a file; the agent was not installed.`);
  const [realProgram, realRoot] = await Promise.all([realpath(program), realpath(root)]);
  const relative = path.relative(realRoot, realProgram);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new UnsafeArchiveError(`"${cmd}" leads outside the agent's folder; it was not installed.`);
  if (process.platform !== 'win32' && (info.mode & 0o111) === 0) await chmod(realProgram, info.mode | 0o755);
}
