/**
 * What a permission request is about, from what the agent reported: the tool call's `kind`,
 * its `locations` (and diff paths and path-like fields of `rawInput`), and for `execute` the
 * command in `rawInput` or the v2 command subject. A call of another kind (`other`, `fetch`,
 * `think`, `switch_mode`, none) is about its tool: the programmatic `name` (an MCP tool,
 * "WebFetch"), more precise than a kind that says nothing of what runs — with any paths it
 * names, which must still be safe. Never from titles or option names. When the target cannot
 * be told, the answer is undefined and the user is asked.
 */
import type { ToolCallPatch } from '../protocol/events.js';
import type { PathFlavor } from '../services/platformPaths.js';

export type FileAction = 'read' | 'edit' | 'delete' | 'move' | 'search';
/** `tool`: a call by its tool name; `consult`: ask another agent through the editor's `ask_agent` tool. */
export type RuleAction = FileAction | 'execute' | 'tool' | 'consult';

export type RequestTarget =
  | { type: 'files'; action: FileAction; paths: string[] }
  | { type: 'command'; command: string; cwd: string }
  /** A call of a kind that names no file action or command, by its tool name; `paths`: what it names, if anything. */
  | { type: 'tool'; name: string; paths: string[] }
  /** A consultation of the configured agent named `agent`. */
  | { type: 'consult'; agent: string };

/** The request as the session knows it: the card's fields so far with the request's patch over them. */
export interface PermissionQuestion {
  toolCall: ToolCallPatch;
  /** v2 command subject. */
  command?: { command: string; cwd: string };
  /** The session's working folder: where a relative path or a command without cwd lands. */
  cwd: string;
  /** The host asks whether the agent may consult this configured agent (never from the wire). */
  consult?: { agent: string };
}

const FILE_ACTIONS: ReadonlySet<string> = new Set<FileAction>(['read', 'edit', 'delete', 'move', 'search']);

/** rawInput fields that name files an edit/read/move touches (the agents' common spellings). */
const PATH_KEYS = ['path', 'file_path', 'filePath', 'notebook_path', 'source', 'destination', 'old_path', 'new_path', 'oldPath', 'newPath', 'from', 'to'];

export function targetOf(question: PermissionQuestion, flavor: PathFlavor): RequestTarget | undefined {
  const { toolCall, cwd } = question;
  if (question.consult) return question.consult.agent ? { type: 'consult', agent: question.consult.agent } : undefined;
  if (question.command) {
    const command = question.command.command.trim();
    return command ? { type: 'command', command, cwd: question.command.cwd || cwd } : undefined;
  }
  const kind = toolCall.kind ?? undefined;
  if (kind === 'execute') return commandTarget(toolCall.rawInput, cwd, flavor);
  if (kind === undefined || !FILE_ACTIONS.has(kind)) return toolTarget(toolCall, cwd, flavor);
  const paths = filePaths(toolCall, cwd, flavor);
  if (!paths || paths.length === 0) return undefined;
  return { type: 'files', action: kind as FileAction, paths };
}

/** By the tool's name; undefined without one, or when a location it names is not absolute. */
function toolTarget(toolCall: ToolCallPatch, cwd: string, flavor: PathFlavor): RequestTarget | undefined {
  const name = typeof toolCall.name === 'string' ? toolCall.name.trim() : '';
  if (!name) return undefined;
  const paths = filePaths(toolCall, cwd, flavor, false);
  return paths ? { type: 'tool', name, paths } : undefined;
}

function filePaths(toolCall: ToolCallPatch, cwd: string, flavor: PathFlavor, needLocations = true): string[] | undefined {
  const out: string[] = [];
  const locations = toolCall.locations ?? [];
  // The locations are the target; without them there is nothing a rule could be sure of.
  if (needLocations && locations.length === 0) return undefined;
  for (const location of locations) {
    if (typeof location.path !== 'string' || !flavor.path.isAbsolute(location.path)) return undefined;
    out.push(location.path);
  }
  // Anything else the call names must pass too: a rule never covers a path it was not shown.
  for (const item of toolCall.content ?? []) {
    if (item.type === 'diff' && typeof item.path === 'string') out.push(flavor.path.resolve(cwd, item.path));
  }
  const raw = toolCall.rawInput;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const key of PATH_KEYS) {
      const value = (raw as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') out.push(flavor.path.resolve(cwd, value));
    }
  }
  return [...new Set(out)];
}

/** `{command, args?}`, `{command: [argv]}` or `{cmd}`: the command line exactly as it will run. */
function commandTarget(raw: unknown, cwd: string, flavor: PathFlavor): RequestTarget | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const input = raw as Record<string, unknown>;
  let words: string[] | undefined;
  const command = input.command ?? input.cmd;
  if (typeof command === 'string') {
    const args = input.args;
    if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string'))) return undefined;
    words = [command, ...((args as string[] | undefined) ?? [])];
  } else if (Array.isArray(command) && command.length > 0 && command.every((w) => typeof w === 'string')) {
    words = command as string[];
  }
  const line = words?.join(' ').trim();
  if (!line) return undefined;
  const where = typeof input.cwd === 'string' && input.cwd !== '' ? flavor.path.resolve(cwd, input.cwd) : cwd;
  return { type: 'command', command: line, cwd: where };
}
