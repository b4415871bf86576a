/**
 * "Edit and resend" without `session/fork`: a new session knows nothing, so the edited prompt
 * goes out after a plain-text copy of the conversation before the edited message (what the
 * user and the agent said, and which tools ran). Thoughts, plans and notices stay out.
 */
import type { ContentBlock } from '../../protocol/events.js';
import type { ThreadEntry } from '../types.js';

/** Longest seed sent, characters; older lines are dropped first (the latest matter most). */
export const MAX_SEED_CHARS = 60_000;

function textOf(content: readonly ContentBlock[]): string {
  return content.map((b) => {
    if (b.type === 'text') return b.text;
    if (b.type === 'resource_link') return `[file: ${b.uri}]`;
    if (b.type === 'resource') return `[file: ${b.resource.uri}]`;
    return `[${b.type}]`;
  }).join('\n');
}

/** The conversation before entry `until` (exclusive), as lines "User: …" / "Agent: …" / "Tool: …". */
export function conversationBefore(entries: readonly ThreadEntry[], until: number, maxChars = MAX_SEED_CHARS): string {
  const lines: string[] = [];
  for (const e of entries.slice(0, until)) {
    if (e.type === 'user' && !e.notKept) lines.push(`User: ${textOf(e.content).trim()}`);
    else if (e.type === 'agent') {
      const text = textOf(e.content);
      // Agent messages stream in pieces; consecutive ones are one reply.
      const last = lines[lines.length - 1];
      if (last?.startsWith('Agent: ')) lines[lines.length - 1] = last + text;
      else lines.push(`Agent: ${text}`);
    } else if (e.type === 'tool_call') lines.push(`Tool: ${e.title} (${e.status})`);
  }
  let out = lines.map((l) => l.trimEnd()).join('\n\n');
  if (out.length > maxChars) out = '…\n' + out.slice(out.length - maxChars);
  return out;
}

/**
 * The prompt for a new session: the conversation so far (when there was one) framed as context,
 * then the edited message's own blocks unchanged.
 */
export function seededPrompt(entries: readonly ThreadEntry[], until: number, edited: readonly ContentBlock[]): ContentBlock[] {
  const before = conversationBefore(entries, until);
  if (!before) return [...edited];
  const seed = `This continues an earlier conversation in a new session. Here it is, up to my next message:\n\n${before}\n\n(End of the earlier conversation.) My next message follows.`;
  return [{ type: 'text', text: seed }, ...edited];
}
