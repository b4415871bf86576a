/**
 * The header's agent picker names each agent as a person knows it: its own title once known
 * (what a running agent calls itself, a remote agent's card name), else the preset's title, else
 * its settings key. The status beside it then shows only how the agent is doing, so the header
 * says the agent's name once. The settings key stays in the value (what is sent) and the tooltip.
 */
import type { AgentChoice, AgentStatus } from '../../src/shared/webviewProtocol.js';
import { h } from '../dom.js';
import { t } from '../l10n.js';

function labelOf(choice: AgentChoice): string {
  if (choice.title) return choice.title;
  if (choice.source === 'preset') return t('{0} (preset)', choice.name);
  if (choice.source === 'example') return t('{0} (example)', choice.name);
  return choice.name;
}

export interface PickerContent {
  options: HTMLOptionElement[];
  /** The picker's tooltip: the agent's name, its settings key when that differs, its description. */
  tooltip: string;
}

/** The options for `agents` with the running `agent` among them (added when it is not configured), and "Other agent…". */
export function pickerContent(agent: AgentStatus, agents: readonly AgentChoice[]): PickerContent {
  const current = agent.state === 'none' ? '' : agent.agentName;
  // The running agent's own title is the freshest word on what it is called.
  const runningTitle = agent.state === 'ready' ? agent.agentTitle : undefined;
  const choices = agents.map((a) => (a.name === current && runningTitle ? { ...a, title: runningTitle } : a));
  const options = choices.map((a) => h('option', {
    text: labelOf(a),
    ...(a.description ? { title: a.description } : {}),
    attrs: { value: a.name },
  }));
  if (!choices.some((a) => a.name === current)) {
    options.unshift(h('option', { text: runningTitle || current || t('Select an agent…'), attrs: { value: current } }));
  }
  options.push(h('option', { text: t('Other agent…'), data: { pick: 'other' } }));
  const shown = choices.find((a) => a.name === current);
  const label = shown ? labelOf(shown) : runningTitle || current;
  const key = label && label !== current && current ? ` (${current})` : '';
  const tooltip = label ? `${t('Agent: {0}', label)}${key}${shown?.description ? ` — ${shown.description}` : ''}` : t('Choose an agent');
  return { options, tooltip };
}
