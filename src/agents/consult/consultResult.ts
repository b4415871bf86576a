/**
 * One round of a consultation as the calling agent reads it (the `ask_agent` tool result):
 * the state, the conversation handle, what the consulted agent said, its artifacts as text
 * (data parts as JSON, files as links), and what to do next. English: it is read by a model.
 * Only the consulted agent's messages go in — never a credential, which lives in the editor's
 * secret storage and on the HTTP requests alone.
 */
import type { ContentBlock } from '../../protocol/events.js';
import { toolError, toolText, type ToolResult } from '../../services/editorTools/toolList.js';
import type { Consultation, RoundOutcome } from './consultation.js';

export function roundResult(conversation: Consultation, outcome: RoundOutcome, timeoutMs: number): ToolResult {
  const who = conversation.agent;
  const head = (state: string) => [`Agent: ${who}`, `State: ${state}`, `Conversation: ${conversation.handle}`];
  const body = (lines: string[]) => {
    const reply = textOf(outcome.reply);
    if (reply) lines.push('', reply);
    for (const artifact of outcome.artifacts) lines.push('', `Artifact "${artifact.name}":`, textOf(artifact.blocks));
    return lines.join('\n');
  };
  const end = outcome.end;
  if (end.kind === 'stopped') {
    if (end.why === 'user') {
      return toolError(body([...head('cancelled'), '', `The consultation of ${who} was stopped by the user (Stop on its card); its task was cancelled. Do not ask ${who} again in this turn; go on without it.`]));
    }
    return end.why === 'timeout'
      ? toolError(body([...head('cancelled'), '', `${who} did not finish within ${Math.round(timeoutMs / 1000)} s (agentChat.consultTimeoutSeconds); its task was cancelled.`]))
      : toolError(body([...head('cancelled'), '', `The consultation of ${who} was stopped (the user stopped the turn, or the call was cancelled).`]));
  }
  switch (end.stopReason) {
    case 'input_required':
      return toolText(body([
        ...head('input-required'),
        '',
        `${who} needs more input: its question is below. Answer it by calling ask_agent with agent "${who}", conversation "${conversation.handle}" and your answer as message; ${who} continues the same task.`,
      ]));
    case 'end_turn':
      return toolText(body([...head('completed')]));
    case 'auth_required':
      return toolError(body([...head('auth-required'), '', `${who} needs credentials the user did not give. Tell the user to sign in to ${who} (Agent Chat asks for its token when they open it).`]));
    case 'refusal':
      return toolError(body([...head('rejected'), '', `${who} declined the request.`]));
    case 'cancelled':
      return toolError(body([...head('cancelled'), '', `${who} cancelled the task.`]));
    default:
      return toolError(body([...head('failed'), '', `${who} failed: ${end.error ?? 'no reason given'}. You may ask again with the same conversation to start a new task, or go on without it.`]));
  }
}

/** Blocks as plain text for the model: text as is, links as `name: uri`. */
export function textOf(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((b) => (b.type === 'text' ? b.text : b.type === 'resource_link' ? `${b.name === b.uri ? '' : `${b.name}: `}${b.uri}` : `[${b.type}]`))
    .join('')
    .trim();
}
