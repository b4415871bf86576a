/**
 * The editor tools as MCP advertises them (`tools/list`): names, what each does in words an
 * agent's model reads, and JSON Schemas of the arguments. Pure data, shared by the bridge
 * (which answers `tools/list`) and the host (which serves `tools/call`).
 */

/** The MCP server's name in `session/new` `mcpServers`; agents prefix tool names with it. */
export const EDITOR_SERVER_NAME = 'agent-chat-editor';

export const EDITOR_TOOL_NAMES = ['read_file', 'write_file', 'get_problems', 'get_selection'] as const;
export type EditorToolName = (typeof EDITOR_TOOL_NAMES)[number];

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
}

const PATH = {
  type: 'string',
  description: 'Absolute path, or relative to the session folder. Must be inside the workspace folders.',
};

export const EDITOR_TOOLS: readonly McpToolDefinition[] = [
  {
    name: 'read_file',
    title: 'Read file (as the editor shows it)',
    description:
      "Reads a text file as the user's editor has it: an open file's unsaved changes are included. " +
      'Optionally a range of lines (line is 1-based, limit is a line count).',
    inputSchema: {
      type: 'object',
      properties: {
        path: PATH,
        line: { type: 'integer', minimum: 1, description: 'First line to read (1-based).' },
        limit: { type: 'integer', minimum: 1, description: 'How many lines to read.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'write_file',
    title: 'Write file (through the editor)',
    description:
      'Replaces the whole text of a file (creating it and its folders when missing) through the editor, ' +
      "so open editors update, the change can be undone and it appears in the turn's changes for review. " +
      'Only inside the workspace folders; secrets and .git/.vscode ask the user first.',
    inputSchema: {
      type: 'object',
      properties: { path: PATH, content: { type: 'string', description: 'The complete new text of the file.' } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'get_problems',
    title: 'Problems (diagnostics)',
    description:
      'Lists the errors, warnings and hints the editor shows (compilers, linters), one per line as ' +
      '"path:line:column severity: message (source code)", errors first. With path: only that file.',
    inputSchema: { type: 'object', properties: { path: PATH }, additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'get_selection',
    title: 'Current selection',
    description: "The file in the user's active editor, the selected range (1-based lines and columns) and the selected text.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
];

/** What `tools/call` answers: text content; `isError` for a failure the model should read. */
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}

export const toolText = (text: string): ToolResult => ({ content: [{ type: 'text', text }] });
export const toolError = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function isEditorToolName(name: unknown): name is EditorToolName {
  return typeof name === 'string' && (EDITOR_TOOL_NAMES as readonly string[]).includes(name);
}
