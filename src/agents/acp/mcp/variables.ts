/**
 * `${…}` substitution for MCP configs, the subset VS Code users put in `mcp.json`.
 * Unresolvable variables are errors, not empty strings: a server started with a blank token
 * fails later in a way the user cannot trace back to the config.
 */
import { basename, sep } from 'node:path';
import type { VariableContext } from './types.js';
import { t } from '../../translate.js';

export type Resolved = { ok: true; value: string } | { ok: false; reason: string };

const VAR = /\$\{([^}]+)\}/g;

export function resolveVariables(text: string, ctx: VariableContext): Resolved {
  let failure: string | undefined;
  const value = text.replace(VAR, (whole, body: string) => {
    const r = resolveOne(body.trim(), ctx);
    if (r === undefined) failure ??= describe(body.trim(), whole);
    return r ?? whole;
  });
  return failure ? { ok: false, reason: failure } : { ok: true, value };
}

function resolveOne(name: string, ctx: VariableContext): string | undefined {
  if (name === 'workspaceFolder') return ctx.workspaceFolder;
  if (name === 'workspaceFolderBasename') return ctx.workspaceFolder ? basename(ctx.workspaceFolder) : undefined;
  if (name === 'userHome') return ctx.userHome;
  if (name === 'pathSeparator' || name === '/') return sep;
  if (name.startsWith('env:')) {
    // VS Code substitutes unset variables with '', and configs rely on it for optional ones.
    return ctx.env ? (ctx.env[name.slice(4)] ?? '') : undefined;
  }
  if (name.startsWith('input:')) return ctx.inputs?.[name.slice(6)];
  return undefined;
}

function describe(name: string, whole: string): string {
  if (name.startsWith('input:')) return t('needs the input "{0}" ({1}), which has no value here', name.slice(6), whole);
  if (name === 'workspaceFolder' || name === 'workspaceFolderBasename') return t('uses {0} but no workspace folder is open', whole);
  return t('uses {0}, which Agent Chat cannot resolve', whole);
}
