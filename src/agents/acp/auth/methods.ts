/**
 * Auth methods an agent offers in its `initialize` result, read into one shape for both
 * protocol versions.
 *
 * v1: `{id, name, description?}` (no `type` = agent-driven) or `{type: "terminal", id, name,
 * args?, env?: {K: V}}`. v2: `methodId` instead of `id`, `type` required (`agent` | `terminal` |
 * custom), terminal `env` as `[{name, value}]`.
 *
 * Env-var methods: the SDK 2.4.0 schemas (v1 stable and unstable, v2) define no `env_var`
 * type; v2 only keeps unknown types as "other". Some agents do send the auth-methods RFD's
 * `{type: "env_var", vars: [{name, label?, secret?, optional?}], link?}` (or its earlier
 * single-variable `varName` form), so that shape is read leniently; anything else unknown
 * is kept as `unknown` for a generic display.
 */

export interface EnvVarSpec {
  name: string;
  label: string;
  /** Shown masked and stored as a secret. Defaults to true: these are API keys. */
  secret: boolean;
  optional: boolean;
}

interface Common {
  id: string;
  name: string;
  description?: string;
}

export type AuthMethodInfo =
  | (Common & { kind: 'agent' })
  | (Common & { kind: 'terminal'; args: string[]; env: Record<string, string> })
  | (Common & { kind: 'env_var'; variables: EnvVarSpec[]; link?: string })
  | (Common & { kind: 'unknown'; type: string; raw: unknown });

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function envOf(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(v)) {
    for (const p of v) if (p && typeof p === 'object' && typeof (p as Obj).name === 'string' && typeof (p as Obj).value === 'string') out[(p as Obj).name as string] = (p as Obj).value as string;
  } else if (v && typeof v === 'object') {
    for (const [k, val] of Object.entries(v as Obj)) if (typeof val === 'string') out[k] = val;
  }
  return out;
}

function varsOf(m: Obj): EnvVarSpec[] {
  const raw: unknown[] = Array.isArray(m.vars) ? m.vars : typeof m.varName === 'string' ? [{ name: m.varName }] : [];
  return raw.flatMap((v) => {
    if (!v || typeof v !== 'object' || typeof (v as Obj).name !== 'string') return [];
    const o = v as Obj;
    return [{
      name: o.name as string,
      label: str(o.label) ?? (o.name as string),
      secret: o.secret !== false,
      optional: o.optional === true,
    }];
  });
}

export function parseAuthMethod(raw: unknown): AuthMethodInfo | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Obj;
  const id = str(m.methodId) ?? str(m.id);
  if (!id) return undefined;
  const common: Common = { id, name: str(m.name) ?? id, ...(str(m.description) ? { description: str(m.description) } : {}) };
  const type = str(m.type) ?? 'agent';
  switch (type) {
    case 'agent':
      return { ...common, kind: 'agent' };
    case 'terminal':
      return { ...common, kind: 'terminal', args: Array.isArray(m.args) ? m.args.filter((a): a is string => typeof a === 'string') : [], env: envOf(m.env) };
    case 'env_var': {
      const variables = varsOf(m);
      // An env-var method that names no variable cannot be completed by the user.
      if (!variables.length) return { ...common, kind: 'unknown', type, raw };
      return { ...common, kind: 'env_var', variables, ...(str(m.link) ? { link: str(m.link) } : {}) };
    }
    default:
      return { ...common, kind: 'unknown', type, raw };
  }
}

/** `authMethods` of an initialize result (v1 and v2 keep it at the same place). */
export function parseAuthMethods(initializeResult: unknown): AuthMethodInfo[] {
  const list = (initializeResult as Obj | null)?.authMethods;
  return Array.isArray(list) ? list.flatMap((m) => parseAuthMethod(m) ?? []) : [];
}

/** Whether `logout` (v1) / `auth/logout` (v2) may be called. */
export function supportsLogout(initializeResult: unknown, protocolVersion: 1 | 2): boolean {
  const r = (initializeResult ?? {}) as Record<string, any>;
  const auth = protocolVersion === 2 ? r.capabilities?.auth : r.agentCapabilities?.auth;
  if (protocolVersion === 2) {
    // v2: a non-empty authMethods list obliges the agent to implement auth/logout.
    return Boolean(auth?.logout) || (Array.isArray(r.authMethods) && r.authMethods.length > 0);
  }
  return auth?.logout !== undefined && auth?.logout !== null && auth?.logout !== false;
}
