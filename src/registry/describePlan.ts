/**
 * What the confirmation says before anything is written or downloaded: the exact command line,
 * the package or the archive with its checksum, and where the entry goes.
 */
import type { InstallPlan } from './installPlan.js';
import type { AgentSettingsEntry } from './settingsEntry.js';
// The type only: the words are looked up by the lookup the caller passes (`vscode.l10n.t`, or `english`).
import type { Translate } from '../thread/translate.js';

/** Shown as typed in a POSIX shell, so it can be copied and tried by hand; we never run it through one. */
export function commandLineText(entry: AgentSettingsEntry): string {
  return [entry.command, ...entry.args].map((part) => (/^[\w@%+=:,./\\-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** A button's words for one way of installing. */
export function planButton(plan: InstallPlan, t: Translate): string {
  return plan.kind === 'binary' ? t('Download and Add') : t('Add (runs with {0})', plan.kind);
}

/** The plan line by line, in the language of `t`. */
export function describePlan(plan: InstallPlan, entry: AgentSettingsEntry, installDir: string, t: Translate): string[] {
  const lines: string[] = [];
  if (plan.kind === 'binary') {
    lines.push(t('Downloads: {0}', plan.archive));
    lines.push(plan.sha256 ? t('Checksum: sha256 {0} (checked before unpacking; a mismatch stops the install)', plan.sha256) : t('Checksum: none given by the registry, so the download cannot be verified'));
    lines.push(t('Unpacks into: {0}', installDir));
  } else {
    const where = plan.kind === 'npx' ? 'npm' : 'PyPI';
    lines.push(t('Package: {0} from {1}, fetched by {2} each time the agent starts (nothing is downloaded now)', plan.package, where, plan.kind));
  }
  lines.push(t('Runs: {0}', commandLineText(entry)));
  const env = Object.entries(entry.env ?? {});
  if (env.length) lines.push(t('Environment: {0}', env.map(([k, v]) => `${k}=${v}`).join(' ')));
  return lines;
}
