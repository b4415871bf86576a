/**
 * The editor-tools MCP server process (bundled to dist/editor-tools.cjs). An agent starts it
 * from `session/new` `mcpServers`; it speaks MCP on stdio and forwards every tool call to the
 * extension host over the private link in `AGENT_CHAT_EDITOR_DIR`. It holds no state: when
 * either side goes away it exits.
 */
import { linkToEditor } from './bridgeLink.js';
import { ENDPOINT_DIR_ENV } from './hostEndpoint.js';
import { serveMcp } from './mcpServer.js';
import { EDITOR_SERVER_NAME, EDITOR_TOOLS } from './toolList.js';
import { CONSULT_TOOLS } from './consultToolList.js';

async function main(): Promise<void> {
  const dir = process.env[ENDPOINT_DIR_ENV];
  if (!dir) {
    process.stderr.write(`${EDITOR_SERVER_NAME}: ${ENDPOINT_DIR_ENV} is not set; this server is started by Agent Chat for one session.\n`);
    process.exit(2);
  }
  let link;
  try {
    link = await linkToEditor(dir);
  } catch (err) {
    process.stderr.write(`${EDITOR_SERVER_NAME}: cannot reach the editor: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  link.onClose(() => process.exit(0));
  // The editor says which tools this session has (the editor tools, the consult tools, or both).
  const tools = [...EDITOR_TOOLS, ...CONSULT_TOOLS].filter((t) => link.tools.includes(t.name));
  const connection = serveMcp(process.stdin, process.stdout, link.callTool, { name: EDITOR_SERVER_NAME, version: '1.0.0' }, tools);
  connection.onClose(() => process.exit(0));
  process.stdin.on('end', () => process.exit(0));
}

void main();
