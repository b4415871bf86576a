/**
 * A configured local (ACP) agent as a consultation starts it: its process, started like any
 * configured agent, and a fresh session of it per conversation. What `list_agents` says of it
 * is its own title (from `initialize`) and the `description` of its settings entry; once its
 * process has ended it is `gone` and the directory starts it again.
 */
import type { AcpAgentConfig, AgentLifecycle } from '../api.js';
import type { ConsultPeer } from './consultDesk.js';
import type { ConsultSession } from './consultation.js';

/** What a consultation needs of a started local agent (the editor's RunningAgent, a test's client). */
export interface LocalAgent {
  readonly agentTitle?: string;
  readonly lifecycle: AgentLifecycle;
  newSession(place: { cwd: string }): Promise<ConsultSession>;
  dispose(): Promise<void>;
}

export function localPeer(config: AcpAgentConfig, agent: LocalAgent): ConsultPeer {
  return {
    ...(agent.agentTitle ? { agentTitle: agent.agentTitle } : {}),
    about: { ...(config.description ? { description: config.description } : {}), skills: [] },
    newSession: (place) => agent.newSession({ cwd: place.cwd }),
    gone: () => agent.lifecycle.state !== 'ready',
    dispose: () => agent.dispose(),
  };
}
