/**
 * What the confirmation says before anything is written or downloaded: the exact command line,
 * the package or the archive with its checksum, and where the entry goes.
 */
import type { InstallPlan } from './installPlan.js';
import type { AgentSettingsEntry } from './settingsEntry.js';

/** Shown as typed in a POSIX shell, so it can be copied and tried by hand; we never run it through one. */
export function commandLineText(entry: AgentSettingsEntry): string {
  return [entry.command, ...entry.args].map((part) => (/^[\w@%+=:,./\\-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** A button's words for one way of installing. */
export function planButton(plan: InstallPlan): string {
  return plan.kind === 'binary' ? 'Download and Add' : `Add (runs with ${plan.kind})`;
}

export function describePlan(plan: InstallPlan, entry: AgentSettingsEntry, installDir: string): string[] {
  const lines: string[] = [];
  if (plan.kind === 'binary') {
    lines.push(`Downloads: ${plan.archive}`);
    lines.push(plan.sha256 ? `Checksum: sha256 ${plan.sha256} (checked before unpacking; a mismatch stops the install)` : 'Checksum: none given by the registry, so the download cannot be verified');
    lines.push(`Unpacks into: ${installDir}`);
  } else {
    const where = plan.kind === 'npx' ? 'npm' : 'PyPI';
    lines.push(`Package: ${plan.package} from ${where}, fetched by ${plan.kind} each time the agent starts (nothing is downloaded now)`);
  }
  lines.push(`Runs: ${commandLineText(entry)}`);
  const env = Object.entries(entry.env ?? {});
  if (env.length) lines.push(`Environment: ${env.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  return lines;
}
