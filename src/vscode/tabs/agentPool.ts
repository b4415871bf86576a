/**
 * One agent process per agent name, started on demand, and which tab talks to which. Starting
 * another agent binds a tab to it (the active one when it is blank or has no agent yet, else a
 * new one) while the other agents keep running; an agent no tab talks to any more is stopped.
 */
import type * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/api.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import type { RunningAgent } from '../agents/agentPort.js';
import { AgentSlot } from '../agents/agentSlot.js';
import type { AgentSlotDeps } from '../agents/agentSlot.js';
import type { DisposableScope } from '../disposables.js';
import type { SessionTabList } from './sessionTabList.js';
import type { SessionTab } from './sessionTabs.js';

export class AgentPool {
  private readonly slots = new Map<string, AgentSlot>();
  /** Stands in for a tab without an agent: nothing chosen, nothing running. */
  private readonly noAgent: AgentSlot;

  /**
   * `attach`: open a session for `tab` on the agent that just became ready. `changed`: an
   * agent's status or composer capabilities changed, or a tab changed agent.
   */
  constructor(
    private readonly deps: AgentSlotDeps,
    private readonly tabs: SessionTabList,
    private readonly attach: (tab: SessionTab, running: RunningAgent, scope: DisposableScope) => Promise<unknown>,
    private readonly changed: () => void,
  ) {
    this.noAgent = this.makeSlot('');
  }

  get(name: string): AgentSlot | undefined {
    return this.slots.get(name);
  }

  /** The agents with a slot (running, starting, failed or exited), in start order. */
  get names(): string[] {
    return [...this.slots.keys()];
  }

  /** The agent `tab` talks to (a stand-in with state `none` when it has none). */
  slotOf(tab: SessionTab): AgentSlot {
    return (tab.agentName !== undefined ? this.slots.get(tab.agentName) : undefined) ?? this.noAgent;
  }

  /** Starts `config` for the active tab: its own agent restarts, another one gets a tab. */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus> {
    this.bind(config.name);
    let slot = this.slots.get(config.name);
    if (!slot) this.slots.set(config.name, (slot = this.makeSlot(config.name)));
    this.changed();
    return slot.start(config, cancel);
  }

  /** Shows a tab of `name`: the active one if it is, or blank, or has no agent yet; else a new one. */
  bind(name: string): SessionTab {
    const active = this.tabs.active;
    if (active.agentName === name) return active;
    const tab = active.agentName === undefined || this.tabs.isBlank(active) ? active : this.tabs.add();
    const previous = tab.agentName;
    tab.agentName = name;
    this.tabs.activate(tab);
    if (previous !== undefined) this.release(previous);
    return tab;
  }

  /** An agent none of the tabs talks to any more: its process ends. */
  release(name: string): void {
    if (this.tabsOf(name).length > 0) return;
    const slot = this.slots.get(name);
    this.slots.delete(name);
    slot?.stop();
  }

  dispose(): void {
    for (const slot of this.slots.values()) slot.stop();
    this.slots.clear();
  }

  private tabsOf(name: string): SessionTab[] {
    return this.tabs.all.filter((t) => t.agentName === name);
  }

  private makeSlot(name: string): AgentSlot {
    return new AgentSlot(this.deps, {
      changed: () => this.changed(),
      ready: async (running, scope) => {
        // The tab the start was for: the active one when it belongs to this agent.
        const active = this.tabs.active;
        const tab = active.agentName === name ? active : this.tabsOf(name).find((t) => !t.session);
        if (tab) await this.attach(tab, running, scope);
      },
      ending: () => {
        for (const tab of this.tabsOf(name)) {
          tab.scope.dispose();
          tab.session = undefined;
        }
      },
      exited: (running, how, stderrTail) => {
        // An open session reports the exit in the thread itself (ending its turn); say it only without one.
        const tab = this.tabs.active;
        if (tab.agentName === name && !tab.session) tab.thread.notice('error', `${running.config.name} ${how}`, stderrTail || undefined);
      },
    });
  }
}
