/**
 * Is a preset's program installed? Looked up on a PATH the caller passes in, because the
 * editor's own PATH often lacks nvm/Homebrew directories; the launcher resolves the user's
 * login-shell PATH and hands it here.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { AgentPreset } from './presets.js';

export interface LookupOptions {
  platform?: NodeJS.Platform;
  /** Windows only: executable extensions (defaults to the usual PATHEXT). */
  pathExt?: string;
}

export type PresetDetection =
  | { name: string; status: 'found'; path: string }
  /** The program is `npx` and it exists: the package is fetched on first start. */
  | { name: string; status: 'via_npx'; path: string; note: string }
  | { name: string; status: 'missing'; program: string };

function isExecutableFile(path: string, windows: boolean): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    // Windows has no execute bit; the extension decides.
    if (!windows) accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Absolute path of `program` on `pathValue`, or undefined. Absolute programs are checked as-is. */
export function findOnPath(program: string, pathValue: string | undefined, opts: LookupOptions = {}): string | undefined {
  const windows = (opts.platform ?? process.platform) === 'win32';
  const extensions = windows
    ? ['', ...(opts.pathExt ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)]
    : [''];
  const candidates = (base: string) => extensions.map((ext) => base + ext);
  if (isAbsolute(program) || program.includes('/') || (windows && program.includes('\\'))) {
    return candidates(program).find((c) => isExecutableFile(c, windows));
  }
  const delimiter = windows ? ';' : ':';
  for (const dir of (pathValue ?? '').split(delimiter)) {
    if (!dir) continue;
    const hit = candidates(join(dir, program)).find((c) => isExecutableFile(c, windows));
    if (hit) return hit;
  }
  return undefined;
}

export function detectPreset(preset: AgentPreset, pathValue: string | undefined, opts: LookupOptions = {}): PresetDetection {
  const path = findOnPath(preset.program, pathValue, opts);
  if (!path) return { name: preset.name, status: 'missing', program: preset.program };
  if (preset.npmPackage) {
    return { name: preset.name, status: 'via_npx', path, note: 'runs through npx, first start downloads the package' };
  }
  return { name: preset.name, status: 'found', path };
}

export function detectPresets(
  presets: readonly AgentPreset[],
  pathValue: string | undefined,
  opts: LookupOptions = {},
): PresetDetection[] {
  return presets.map((p) => detectPreset(p, pathValue, opts));
}
