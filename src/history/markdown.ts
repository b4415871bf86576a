/**
 * Export of a saved conversation as Markdown, for sharing or keeping outside the editor.
 * Agent text is already Markdown and goes through as is; everything else is rendered in a
 * readable, lossy form (no raw JSON).
 */
import type { ContentBlock } from '../protocol/events.js';
import type { ThreadEntry, ToolCallEntry } from '../thread/types.js';
import type { Transcript } from './types.js';

/** A fence longer than any backtick run inside, so content can never close it early. */
function fence(body: string, info = ''): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${info}\n${body.replace(/\n$/, '')}\n${f}`;
}

const extension = (uri: string) => /\.([A-Za-z0-9]+)$/.exec(uri)?.[1] ?? '';

function block(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'resource_link':
      return `[${b.name}](${b.uri})`;
    case 'resource':
      return 'text' in b.resource ? `\`${b.resource.uri}\`\n\n${fence(b.resource.text, extension(b.resource.uri))}` : `\`${b.resource.uri}\` (binary)`;
    case 'image':
      return '*(image)*';
    case 'audio':
      return '*(audio)*';
  }
}

function toolCall(e: ToolCallEntry): string {
  const lines = [`**${e.title}** — ${e.kind}, ${e.status}${e.permissionOutcome ? `, permission: ${e.permissionOutcome}` : ''}`];
  for (const c of e.content) {
    switch (c.type) {
      case 'content':
        lines.push(block(c.content));
        break;
      case 'diff':
        lines.push(`${c.oldText == null ? 'Created' : 'Edited'} \`${c.path}\``);
        break;
      case 'terminal': {
        const t = e.terminals?.[c.terminalId];
        lines.push(t ? `\`$ ${t.command}\`\n\n${fence(t.output)}` : '*(terminal)*');
        break;
      }
    }
  }
  return lines.join('\n\n');
}

type Speaker = 'You' | 'Agent' | undefined;

function speaker(e: ThreadEntry): Speaker {
  if (e.type === 'user') return 'You';
  if (e.type === 'agent' || e.type === 'thought' || e.type === 'tool_call' || e.type === 'plan') return 'Agent';
  return undefined;
}

function body(e: ThreadEntry): string | undefined {
  switch (e.type) {
    case 'user':
    case 'agent':
      return e.content.map(block).join('\n\n');
    case 'thought':
      return e.content.map(block).join('\n\n').split('\n').map((l) => `> ${l}`).join('\n').replace(/^> /, '> *Thinking:* ');
    case 'tool_call':
      return toolCall(e);
    case 'plan':
      return e.entries.map((p) => `- [${p.status === 'completed' ? 'x' : ' '}] ${p.content}`).join('\n');
    case 'notice':
      return `> **${e.title}**${e.detail ? ` ${e.detail}` : ''}`;
    case 'turn_end':
      // A normal end is implied by the next prompt; only unusual ends are worth a line.
      if (e.stopReason === 'end_turn') return undefined;
      return `*Turn ended: ${e.error ? e.error.message : e.stopReason}*`;
  }
}

export function transcriptToMarkdown(t: Transcript): string {
  const out = [`# ${t.title}`, `*${t.agentName} · ${t.cwd} · ${t.updatedAt}*`];
  let current: Speaker;
  for (const e of t.entries) {
    const who = speaker(e);
    if (who && who !== current) out.push(`## ${who}`);
    if (who) current = who;
    const text = body(e);
    if (text) out.push(text);
  }
  return `${out.join('\n\n')}\n`;
}
