/**
 * What the agent told us in `initialize`, read tolerantly from either dialect: v1
 * (`agentCapabilities.promptCapabilities.*` booleans, `agentInfo`) or v2
 * (`capabilities.session.prompt.*` support markers, `info`).
 */
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
  /** The raw result, for the log and for features we read later. */
  raw: Record<string, unknown>;
}

export const NO_PROMPT_EXTRAS: PromptCapabilities = { image: false, audio: false, embeddedContext: false };

export function readAgentFacts(result: Record<string, unknown>, version: 1 | 2): AgentFacts {
  if (version === 1) {
    const caps = obj(result.agentCapabilities);
    const prompt = obj(caps.promptCapabilities);
    return {
      protocolVersion: 1,
      prompt: { image: marker(prompt.image), audio: marker(prompt.audio), embeddedContext: marker(prompt.embeddedContext) },
      info: readInfo(result.agentInfo),
      loadSession: marker(caps.loadSession),
      raw: result,
    };
  }
  const prompt = obj(obj(obj(result.capabilities).session).prompt);
  return {
    protocolVersion: 2,
    prompt: { image: marker(prompt.image), audio: marker(prompt.audio), embeddedContext: marker(prompt.embeddedContext) },
    info: readInfo(result.info),
    loadSession: false,
    raw: result,
  };
}

/** Older markers are booleans, newer ones objects (`{}` = supported); omitted/null = not. */
function marker(value: unknown): boolean {
  return value === true || (typeof value === 'object' && value !== null);
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function readInfo(value: unknown): AgentInfo {
  const o = obj(value);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { name: str(o.name), title: str(o.title), version: str(o.version) };
}
