/**
 * The agents a calling agent may consult, from the configured ones: remote A2A agents unless
 * their entry says `"consultable": false`; local ACP agents are not offered. Each is started
 * (a remote agent: its card read) the first time it is listed or asked, and kept; a start that
 * failed is tried again next time.
 */
import type { AgentConfig } from '../api.js';
import type { ConsultDirectory, ConsultPeer } from './consultDesk.js';

export interface DirectoryOptions {
  /** The configured agents now (read per call: a settings change applies to the next one). */
  agents(): readonly AgentConfig[];
  /** Starts one; rejects with a sentence the calling agent can read. */
  start(config: AgentConfig): Promise<ConsultPeer>;
}

export function isConsultable(config: AgentConfig): boolean {
  return config.kind === 'a2a' && config.consultable !== false;
}

export function agentDirectory(opts: DirectoryOptions): ConsultDirectory & { dispose(): void } {
  const started = new Map<string, { key: string; peer: Promise<ConsultPeer> }>();
  const consultable = () => opts.agents().filter(isConsultable);
  return {
    names: () => consultable().map((c) => c.name),
    peer(name) {
      const config = consultable().find((c) => c.name === name);
      if (!config) return Promise.reject(new Error(`no consultable agent is named ${JSON.stringify(name)}`));
      // A changed entry (another URL) is a new agent.
      const key = JSON.stringify(config);
      const known = started.get(name);
      if (known?.key === key) return known.peer;
      const peer = opts.start(config);
      started.set(name, { key, peer });
      peer.catch(() => { if (started.get(name)?.peer === peer) started.delete(name); });
      return peer;
    },
    dispose: () => {
      for (const { peer } of started.values()) void peer.then((p) => p.dispose?.()).catch(() => undefined);
      started.clear();
    },
  };
}
