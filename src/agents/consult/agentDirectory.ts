/**
 * The agents a calling agent may consult, from the configured ones: remote A2A agents unless
 * their entry says `"consultable": false`; local ACP agents only when their entry says
 * `"consultable": true`. Each is started (a remote agent: its card read; a local one: its
 * process) the first time it is listed or asked at a depth, and kept; a start that failed, or a
 * local agent whose process has gone, is started again next time.
 */
import type { AgentConfig } from '../api.js';
import type { ConsultDirectory, ConsultPeer } from './consultDesk.js';

export interface DirectoryOptions {
  /** The configured agents now (read per call: a settings change applies to the next one). */
  agents(): readonly AgentConfig[];
  /**
   * Starts one for callers at `depth` (0: the user's own agent); rejects with a sentence the
   * calling agent can read. A local agent started here is itself at `depth + 1`.
   */
  start(config: AgentConfig, place: { depth: number }): Promise<ConsultPeer>;
}

export function isConsultable(config: AgentConfig): boolean {
  return config.kind === 'a2a' ? config.consultable !== false : config.consultable === true;
}

export function agentDirectory(opts: DirectoryOptions): ConsultDirectory & { dispose(): void } {
  const started = new Map<string, { key: string; peer: Promise<ConsultPeer> }>();
  const consultable = () => opts.agents().filter(isConsultable);
  return {
    names: () => consultable().map((c) => c.name),
    peer(name, place = { depth: 0 }) {
      const config = consultable().find((c) => c.name === name);
      if (!config) return Promise.reject(new Error(`no consultable agent is named ${JSON.stringify(name)}`));
      // A changed entry (another URL, another command) is a new agent; so is another depth.
      const key = JSON.stringify(config);
      const slot = `${place.depth}\n${name}`;
      const known = started.get(slot);
      if (known?.key === key) {
        const alive = known.peer.then((p) => !p.gone?.(), () => false);
        return alive.then((yes) => {
          if (yes) return known.peer;
          // Another call may have started it again meanwhile.
          const now = started.get(slot);
          return now && now !== known ? now.peer : restart();
        });
      }
      return restart();
      function restart(): Promise<ConsultPeer> {
        const old = started.get(slot);
        if (old) void old.peer.then((p) => p.dispose?.()).catch(() => undefined);
        const peer = opts.start(config!, place);
        started.set(slot, { key, peer });
        peer.catch(() => { if (started.get(slot)?.peer === peer) started.delete(slot); });
        return peer;
      }
    },
    dispose: () => {
      for (const { peer } of started.values()) void peer.then((p) => p.dispose?.()).catch(() => undefined);
      started.clear();
    },
  };
}
