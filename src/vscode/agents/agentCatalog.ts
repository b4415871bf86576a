/**
 * Which agents there are (user settings, the built-in example, presets) and which one a start
 * without an explicit choice goes to. Re-read when `agentChat.*` settings change.
 */
import type { AgentConfig } from '../../agents/api.js';
import type { AgentChoice } from '../../shared/webviewProtocol.js';
import { agentChoices, agentEntries, preferredAgent, readAgentSettings } from './config.js';
import type { AgentEntry, AgentSettings } from './config.js';

export class AgentCatalog {
  private settings: AgentSettings = readAgentSettings();

  constructor(private readonly extensionPath: string) {}

  /** Reads the settings again; returns what is wrong with them (for the log). */
  reload(): readonly string[] {
    this.settings = readAgentSettings();
    return this.settings.problems;
  }

  entries(detected?: Parameters<typeof agentEntries>[2]): AgentEntry[] {
    return agentEntries(this.settings, this.extensionPath, detected);
  }

  get choices(): AgentChoice[] {
    return agentChoices(this.entries());
  }

  /** `name`'s config from settings, else `started` (the config it was started with in this window). */
  configOf(name: string, started?: AgentConfig): AgentConfig | undefined {
    return this.entries().find((e) => e.config.name === name)?.config ?? started;
  }

  /**
   * The active tab's agent when it is known (`tabAgent`), else the agent picked last in this
   * workspace (it survives a window reload) if still configured, else the preferred one.
   */
  defaultChoice(tabAgent: AgentConfig | undefined, lastName: string | undefined): AgentConfig {
    const remembered = lastName ? this.entries().find((e) => e.config.name === lastName)?.config : undefined;
    return tabAgent ?? remembered ?? preferredAgent(this.settings, this.extensionPath);
  }
}
