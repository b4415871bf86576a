/**
 * The consult tools as MCP advertises them: ask another configured agent (a remote A2A
 * specialist, or a local agent the user marked consultable) in the middle of a turn. Offered
 * with the editor tools when `agentChat.consultAgents` is on. Pure data, like `toolList.ts`.
 */
import type { McpToolDefinition } from './toolList.js';

export const CONSULT_TOOL_NAMES = ['list_agents', 'ask_agent'] as const;
export type ConsultToolName = (typeof CONSULT_TOOL_NAMES)[number];

export const CONSULT_TOOLS: readonly McpToolDefinition[] = [
  {
    name: 'list_agents',
    title: 'List agents to consult',
    description:
      'The agents the user configured that you may consult with ask_agent: each one\'s name, what it does ' +
      'and its skills (from its agent card). The user is asked before an agent is consulted the first time.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'ask_agent',
    title: 'Ask another agent',
    description:
      'Sends a message to an agent from list_agents and waits for its answer: its reply, its artifacts, ' +
      'the task state and a conversation handle. When the state is input-required the agent asked a question: ' +
      'answer it with ask_agent again, passing the same conversation handle, and the agent continues the same task. ' +
      'The user sees the whole exchange and can refuse or stop it.',
    inputSchema: {
      type: 'object',
      properties: {
        agent: { type: 'string', description: 'The agent\'s name, as list_agents gives it.' },
        message: { type: 'string', description: 'What to ask or tell the agent (plain text or Markdown).' },
        conversation: { type: 'string', description: 'The handle an earlier ask_agent returned, to continue that conversation.' },
      },
      required: ['agent', 'message'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, openWorldHint: true },
  },
];

export function isConsultToolName(name: unknown): name is ConsultToolName {
  return typeof name === 'string' && (CONSULT_TOOL_NAMES as readonly string[]).includes(name);
}
