/**
 * Session-level settings the user changes from the header: mode (v1) and config options
 * (both versions), plus the events a session/new|load|resume answer announces. Shapes come
 * from the protocol layer so they are held against the JSON Schema in one place.
 */
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { SessionConfigOption, SessionEvent } from '../../../protocol/events.js';
import { setConfigOptionParams, setModeParams } from '../../../protocol/acp/outgoing.js';
import { parseSetConfigOptionResult, type SessionSetup } from '../../../protocol/acp/parseAgentResults.js';

type Sender = Pick<MessageConnection, 'sendRequest'>;

/** Modes first: when an agent sends both, config options are the newer truth and win last. */
export function setupEvents(setup: SessionSetup): SessionEvent[] {
  const events: SessionEvent[] = [];
  if (setup.modes) events.push({ kind: 'modes', modes: setup.modes });
  if (setup.configOptions) events.push({ kind: 'config_options', configOptions: setup.configOptions });
  if (setup.availableCommands) events.push({ kind: 'available_commands', commands: setup.availableCommands });
  return events;
}

export async function setMode(conn: Sender, version: 1 | 2, sessionId: string, modeId: string): Promise<void> {
  // v2 removed modes; a mode picker there is a config option with category "mode".
  if (version === 2) throw new Error('ACP v2 has no session modes; set the "mode" config option instead.');
  await conn.sendRequest('session/set_mode', setModeParams(sessionId, modeId));
}

export async function setConfigOption(
  conn: Sender,
  version: 1 | 2,
  sessionId: string,
  configId: string,
  value: string | boolean,
): Promise<SessionConfigOption[]> {
  const raw = await conn.sendRequest('session/set_config_option', setConfigOptionParams(version, sessionId, configId, value));
  const parsed = parseSetConfigOptionResult(raw);
  if (!parsed.ok) throw new Error(`The agent's session/set_config_option answer is malformed: ${parsed.error}`);
  return parsed.value;
}

/**
 * The session's current modes, options and commands, kept in step with every event the
 * thread sees (answers, our own changes, and the agent's pushes alike).
 */
export class SessionSettings {
  private value: SessionSetup = {};

  get setup(): SessionSetup {
    return this.value;
  }

  observe(event: SessionEvent): void {
    switch (event.kind) {
      case 'modes':
        this.value = { ...this.value, modes: event.modes };
        break;
      case 'current_mode':
        if (this.value.modes) this.value = { ...this.value, modes: { ...this.value.modes, currentModeId: event.currentModeId } };
        break;
      case 'config_options':
        this.value = { ...this.value, configOptions: event.configOptions };
        break;
      case 'available_commands':
        this.value = { ...this.value, availableCommands: event.commands };
        break;
      default:
        break;
    }
  }
}
