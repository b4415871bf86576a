/**
 * A scripted model for the fake Anthropic API: it copies a note. Asked "Copy <from> to <to>" it
 * answers with a Read of <from>, then a Write of <to> holding "Copied: " and the lines it read,
 * then a closing text (or, when the write came back refused, says so). Asked "Delegate: copy
 * <from> to <to>" it hands that to a subagent (the Agent tool, in the foreground) and answers
 * once the subagent's result is back; the subagent's own requests (Claude Code marks them
 * `cc_is_subagent=true` in the system prompt) get the plain copy. "Delegate in the background: …"
 * does the same with a background subagent: the parent answers at once, and again when Claude
 * Code tells it the helper ended. It decides each answer from the
 * request alone (its current turn: from the last such prompt on), so one fake serves every turn,
 * session and agent process of a test file.
 */
import { currentTurn, resultText, systemText, text, toolHistory, toolUse, userTexts, type MessagesRequest, type ReplyBlock } from './messages.js';

export const copyPrompt = (from: string, to: string): string => `Copy ${from} to ${to}`;
export const delegatePrompt = (from: string, to: string): string => `Delegate: copy ${from} to ${to}`;
/** The same handed to a subagent in the background: the parent answers at once, and again when it ends. */
export const backgroundPrompt = (from: string, to: string): string => `Delegate in the background: copy ${from} to ${to}`;

export const COPIED = 'Copied the note.';
export const REFUSED = 'The copy was not allowed.';
export const HELPER_COPIED = 'The helper copied the note.';
export const HELPER_STARTED = 'A helper is copying the note.';
export const HELPER_DESCRIPTION = 'Copy the note';
export const SESSION_TITLE = 'Copying a note';

/** What the file at <to> holds after the copy of a file holding `source`. */
export const copiedText = (source: string): string => `Copied: ${source}`;

export const isSubagentRequest = (req: MessagesRequest): boolean => systemText(req).includes('cc_is_subagent=true');

/** The file lines of a Read result ("1\tline" per line, as Claude Code numbers them). */
function readLines(result: string): string {
  const lines = result.split('\n').map((l) => /^\s*\d+\t(.*)$/.exec(l)?.[1]);
  while (lines.length && !lines.at(-1)) lines.pop();
  return lines.map((l) => `${l ?? ''}\n`).join('');
}

const COPY = /^Copy (\S+) to (\S+)$/;
const DELEGATE = /^Delegate: copy (\S+) to (\S+)$/;
const BACKGROUND = /^Delegate in the background: copy (\S+) to (\S+)$/;

function task(req: MessagesRequest, pattern: RegExp): [string, string] | undefined {
  for (const t of userTexts(req).reverse()) {
    const m = pattern.exec(t.trim());
    if (m) return [m[1]!, m[2]!];
  }
  return undefined;
}

export function copyingModel(whole: MessagesRequest): ReplyBlock[] | undefined {
  // After a turn Claude Code may ask for a suggestion of what the user might type next: none.
  if (userTexts(whole).some((t) => t.includes('[SUGGESTION MODE'))) return [text('')];
  // The session title (asked without tools, of a small model).
  if (!whole.tools?.length) return [text(SESSION_TITLE)];
  const req = currentTurn(whole, (t) => COPY.test(t) || DELEGATE.test(t) || BACKGROUND.test(t));
  const history = toolHistory(req);
  const background = isSubagentRequest(req) ? undefined : task(req, BACKGROUND);
  const delegated = background ?? (isSubagentRequest(req) ? undefined : task(req, DELEGATE));
  if (delegated) {
    const agent = history.find((h) => h.name === 'Agent');
    if (!agent) {
      return [toolUse('Agent', { description: HELPER_DESCRIPTION, prompt: copyPrompt(...delegated), subagent_type: 'general-purpose', run_in_background: !!background })];
    }
    if (!agent.result) return undefined;
    // A background helper's end reaches the parent as a notification in a user message of its own.
    const ended = !background || userTexts(req).some((t) => t.includes('background-task event'));
    return [text(ended ? HELPER_COPIED : HELPER_STARTED)];
  }
  const copy = task(req, COPY);
  if (!copy) return undefined;
  const [from, to] = copy;
  const read = history.find((h) => h.name === 'Read');
  if (!read?.result) return [toolUse('Read', { file_path: from })];
  const write = history.find((h) => h.name === 'Write');
  if (!write) return [toolUse('Write', { file_path: to, content: copiedText(readLines(resultText(read.result))) })];
  if (!write.result) return undefined;
  return [text(write.result.is_error ? REFUSED : COPIED)];
}
