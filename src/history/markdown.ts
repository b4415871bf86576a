/**
 * Export of a saved conversation as Markdown, for sharing or keeping outside the editor.
 * Agent text is already Markdown and goes through as is; everything else is rendered in a
 * readable, lossy form (no raw JSON).
 */
import type { ContentBlock, DiffPatch, FileChange } from '../protocol/events.js';
import { matchChanges, parseGitPatch, patchPath } from '../thread/fileDiff.js';
import type { CompactionEntry, ElicitationEntry, PlanThreadEntry, SubagentEntry, TerminalView, ThreadEntry, ToolCallEntry } from '../thread/types.js';
import type { Transcript } from './types.js';
import { redactTranscript } from './redactTranscript.js';

/** Lines of terminal output kept in an export: the end is what says how a command went. */
export const TERMINAL_TAIL_LINES = 40;

/** A fence longer than any backtick run inside, so content can never close it early. */
function fence(body: string, info = ''): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${info}\n${body.replace(/\n$/, '')}\n${f}`;
}

/** Inline code that a backtick inside cannot end early. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${f}${pad}${text}${pad}${f}`;
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

function exitText(exit: TerminalView['exitStatus']): string {
  if (!exit) return 'running';
  if (exit.signal) return `killed by ${exit.signal}`;
  return exit.exitCode != null ? `exit code ${exit.exitCode}` : 'exited';
}

/** Command, where it ran, how it ended, and the last lines of its output. */
function terminal(t: TerminalView): string {
  const head = [`${code(`$ ${t.command}`)}${t.exitStatus ? ` · ${exitText(t.exitStatus)}` : ''}`];
  if (t.cwd) head.push(`in ${code(t.cwd)}`);
  // A damaged saved thread may have lost a terminal's output: the export says nothing of it rather than failing.
  const output = typeof t.output === 'string' ? t.output : '';
  const lines = output.replace(/\n$/, '').split('\n');
  const dropped = Math.max(0, lines.length - TERMINAL_TAIL_LINES);
  const parts = [head.join(' ')];
  if (dropped > 0 || t.truncated) parts.push(`*(${dropped > 0 ? `last ${TERMINAL_TAIL_LINES} lines` : 'earlier output was not kept'})*`);
  if (output) parts.push(fence(lines.slice(dropped).join('\n')));
  return parts.join('\n\n');
}

const counts = (added: number, removed: number) => `+${added} −${removed}`;

/** A v2 change list: each file with its operation, and +N −M when a git patch came along. */
function fileChanges(changes: FileChange[], patch: DiffPatch | undefined): string {
  const parsed = parseGitPatch(patch);
  const lines = matchChanges(changes, parsed).map(({ change, file }) => {
    const what = change
      ? `${change.operation} ${change.oldPath ? `${code(change.oldPath)} → ` : ''}${code(change.path)}`
      : `patch ${code(patchPath(file!.patch))}`;
    return `- ${what}${file ? ` (${counts(file.added, file.removed)})` : ''}`;
  });
  const n = changes.length;
  const total = parsed?.reduce((t, p) => ({ added: t.added + p.added, removed: t.removed + p.removed }), { added: 0, removed: 0 });
  return [`Changed ${n} ${n === 1 ? 'file' : 'files'}${total ? ` (${counts(total.added, total.removed)})` : ''}:`, ...lines].join('\n');
}

function toolCall(e: ToolCallEntry): string {
  const lines = [`**${e.title}** — ${e.kind}, ${e.status}${e.permissionOutcome ? `, permission: ${e.permissionLabel ?? e.permissionOutcome}` : ''}${e.autoApproved ? ` (auto-approved by rule “${e.autoApproved.title}”)` : ''}`];
  e.content.forEach((c, i) => {
    switch (c.type) {
      case 'content':
        // A consultation's messages say who wrote them, as the card does.
        lines.push(e.consultation ? `*${consultSpeaker(e, i)}:* ${block(c.content)}` : block(c.content));
        break;
      case 'diff':
        lines.push(`${c.oldText == null ? 'Created' : 'Edited'} ${code(c.path)}`);
        break;
      case 'terminal': {
        const t = e.terminals?.[c.terminalId];
        lines.push(t ? terminal(t) : '*(terminal)*');
        break;
      }
      case 'file_changes':
        lines.push(fileChanges(c.changes, c.patch));
        break;
    }
  });
  return lines.join('\n\n');
}

function consultSpeaker(e: ToolCallEntry, index: number): string {
  const from = e.consultation?.from[index];
  return from === 'caller' ? 'Your agent' : from === 'agent' ? e.consultation!.agent : 'Note';
}

/** The summary is the agent's Markdown, quoted so it reads as a note about the context, not a reply. */
function compaction(e: CompactionEntry): string {
  const head = `**Context compaction** — ${e.status}${e.error ? `: ${e.error}` : ''}`;
  const summary = e.summary.map(block).join('\n\n');
  if (!summary) return `> ${head}`;
  return [`> ${head}`, '>', ...summary.split('\n').map((l) => (l ? `> ${l}` : '>'))].join('\n');
}

function plan(e: PlanThreadEntry): string {
  const removed = e.removed ? '*(plan removed)*\n\n' : '';
  switch (e.body?.type) {
    case 'file':
      return `${removed}Plan: ${code(e.body.uri)}`;
    case 'markdown':
      return `${removed}${e.body.content}`;
    case 'other':
      return `${removed}*(plan of type ${e.body.planType})*`;
    case undefined:
      return removed + e.entries.map((p) => `- [${p.status === 'completed' ? 'x' : ' '}] ${p.content}`).join('\n');
  }
}

const ELICITATION_STATUS: Record<ElicitationEntry['status'], string> = {
  pending: 'not answered',
  accepted: 'answered',
  declined: 'declined',
  cancelled: 'cancelled',
  expired: 'not answered',
};

/** The agent's question and what the user answered (field labels, not property names). */
function elicitation(e: ElicitationEntry): string {
  const p = e.prompt;
  const head = `> **The agent asked:** ${p.message} — *${p.mode === 'url' && e.status === 'accepted' ? `opened ${p.url}` : ELICITATION_STATUS[e.status]}*`;
  if (p.mode !== 'form' || !e.answer) return head;
  const lines: string[] = [];
  for (const f of p.fields) {
    const v: unknown = Object.hasOwn(e.answer, f.name) ? e.answer[f.name] : undefined;
    const label = (x: unknown) => (f.kind === 'choice' || f.kind === 'multi' ? f.options.find((o) => o.value === x)?.label : undefined) ?? String(x);
    // Only what a form can hold is shown; a damaged transcript's odd value is left out.
    let shown: string | undefined;
    if (typeof v === 'boolean') shown = v ? 'yes' : 'no';
    else if (typeof v === 'string' || typeof v === 'number') shown = label(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) shown = v.map(label).join(', ');
    if (shown !== undefined) lines.push(`> - ${f.label}: ${shown}`);
  }
  return [head, '>', ...lines].join('\n');
}

/** A subagent card's head line: who it is and how it stood when saved. */
function subagentLine(e: SubagentEntry): string {
  const name = e.title ?? e.description ?? e.agentType ?? 'Subagent';
  const facts = [e.agentType && e.agentType !== name ? e.agentType : undefined, e.model, e.interrupted ? 'interrupted' : e.state, `${e.toolCalls} tool ${e.toolCalls === 1 ? 'call' : 'calls'}`, e.filesChanged > 0 ? `${e.filesChanged} ${e.filesChanged === 1 ? 'file' : 'files'} changed` : undefined];
  return `**Subagent: ${name}** — *${facts.filter(Boolean).join(' · ')}*`;
}

type Speaker = 'You' | 'Agent' | undefined;

function speaker(e: ThreadEntry): Speaker {
  if (e.type === 'user') return 'You';
  if (e.type === 'elicitation') return 'Agent';
  if (e.type === 'agent' || e.type === 'thought' || e.type === 'tool_call' || e.type === 'plan' || e.type === 'subagent') return 'Agent';
  // An agent-owned terminal a tool call shows is exported with that call.
  if (e.type === 'terminal' && !e.embedded) return 'Agent';
  return undefined;
}

function body(e: ThreadEntry): string | undefined {
  switch (e.type) {
    case 'user':
    case 'agent': {
      // Inside a subagent: the task it was given and its report say so.
      const label = e.type === 'user' ? (e.delegated ? '*Task:* ' : '') : e.report ? '*Report:* ' : '';
      return label + e.content.map(block).join('\n\n');
    }
    case 'thought':
      return e.content.map(block).join('\n\n').split('\n').map((l) => `> ${l}`).join('\n').replace(/^> /, '> *Thinking:* ');
    case 'tool_call':
      return toolCall(e);
    case 'plan':
      return plan(e);
    case 'notice':
      return `> **${e.title}**${e.detail ? ` ${e.detail}` : ''}`;
    case 'compaction':
      return compaction(e);
    case 'terminal':
      return e.embedded ? undefined : terminal(e.terminal);
    case 'changes': {
      const added = e.files.reduce((n, f) => n + f.added, 0);
      const deleted = e.files.reduce((n, f) => n + f.deleted, 0);
      return `*${e.files.length} ${e.files.length === 1 ? 'file' : 'files'} changed +${added} −${deleted}: ${e.files.map((f) => f.path).join(', ')}*`;
    }
    case 'elicitation':
      return elicitation(e);
    case 'subagent':
      return subagentLine(e);
    case 'turn_end':
      // A normal end is implied by the next prompt; only unusual ends are worth a line.
      if (e.stopReason === 'end_turn') return undefined;
      return `*Turn ended: ${e.error ? e.error.message : e.stopReason}*`;
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}

export function transcriptToMarkdown(saved: Transcript): string {
  // Transcripts saved before secrets were redacted on save may still hold one.
  const t = redactTranscript(saved);
  const out = [`# ${t.title}`, `*${t.agentName} · ${t.cwd} · ${t.updatedAt}*`];
  let current: Speaker;
  for (const e of t.entries) {
    const who = speaker(e);
    if (who && who !== current) out.push(`## ${who}`);
    if (who) current = who;
    const text = body(e);
    if (text) out.push(text);
    if (e.type === 'subagent') {
      const inside = childMarkdown(e.childId, t.children, 1);
      if (inside) out.push(inside);
    }
  }
  return `${out.join('\n\n')}\n`;
}

/**
 * A subagent's own thread under its card's line, quoted one level per depth so the nesting
 * reads in any Markdown viewer; its subagents inside it in turn.
 */
function childMarkdown(childId: string, children: Transcript['children'], depth: number): string | undefined {
  const child = children && Object.hasOwn(children, childId) ? children[childId] : undefined;
  if (!child || depth > 8) return undefined;
  const parts: string[] = [];
  for (const e of child.entries) {
    const text = body(e);
    if (text) parts.push(text);
    if (e.type === 'subagent') {
      const inside = childMarkdown(e.childId, child.children, depth + 1);
      if (inside) parts.push(inside);
    }
  }
  if (parts.length === 0) return undefined;
  // One quote level here; a subagent's subagent was quoted once already, inside.
  return parts.join('\n\n').split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
}
