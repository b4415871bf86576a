/**
 * What the agent told us in `initialize`, in the shape the session and the editor glue use.
 * Parsing (v1 booleans vs v2 support markers, `agentInfo` vs `info`) is the protocol layer's
 * `parseInitializeResult`; this adds the negotiated version and keeps the raw answer.
 */
import { parseInitializeResult, type AgentCapabilities } from '../../../protocol/acp/parseAgentResults.js';
import { parseAuthMethods, type AuthMethodInfo } from '../auth/methods.js';

export interface PromptCapabilities {
  image: boolean;
  audio: boolean;
  embeddedContext: boolean;
}

export interface AgentInfo {
  name?: string;
  title?: string;
  version?: string;
}

export interface AgentFacts {
  protocolVersion: 1 | 2;
  prompt: PromptCapabilities;
  info: AgentInfo;
  loadSession: boolean;
  /** Everything the agent advertised (session list/resume/close…, MCP transports, logout). */
  capabilities: AgentCapabilities;
  /**
   * Ways to log in, in the agent's order. Read with the auth module's lenient reader, which
   * also understands the env-var methods some agents send outside the schema.
   */
  authMethods: AuthMethodInfo[];
  /** The raw result, for the log and for features read later. */
  raw: Record<string, unknown>;
}

export function readAgentFacts(result: unknown, version: 1 | 2): { ok: true; facts: AgentFacts } | { ok: false; error: string } {
  const parsed = parseInitializeResult(result);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { capabilities, agentInfo } = parsed.value;
  return {
    ok: true,
    facts: {
      protocolVersion: version,
      prompt: { ...capabilities.prompt },
      info: agentInfo ? { ...agentInfo } : {},
      loadSession: capabilities.loadSession,
      capabilities,
      authMethods: parseAuthMethods(result),
      raw: (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>,
    },
  };
}
