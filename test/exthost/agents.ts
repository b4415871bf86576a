/** The extension's test API, the bundled test agents as configs, and one-turn driving. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpAgentConfig } from '../../src/agents/api.js';
import type { ThreadEntry } from '../../src/thread/types.js';
import type { AgentChatApi } from '../../src/vscode/extension.js';
import { until } from './harness.js';

export const EXTENSION_ID = 'agent-chat.agent-chat';

export async function api(): Promise<AgentChatApi> {
  const extension = vscode.extensions.getExtension<AgentChatApi>(EXTENSION_ID);
  assert.ok(extension);
  return extension.isActive ? extension.exports : extension.activate();
}

/** A test agent bundled at out/test-agents/<file>.agent.mjs, run by the extension host's Node. */
export function testAgent(name: string, file: string, env: Record<string, string> = {}): AcpAgentConfig {
  const script = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'out', 'test-agents', `${file}.agent.mjs`);
  assert.ok(existsSync(script), `test agent built at ${script}`);
  return { name, command: process.execPath, args: [script], env: { ELECTRON_RUN_AS_NODE: '1', ...env }, protocolVersion: 1 };
}

export const textOf = (e: ThreadEntry) =>
  e.type === 'agent' || e.type === 'user' ? e.content.map((c) => (c.type === 'text' ? c.text : '')).join('') : '';

/** Sends one prompt in the active tab and returns the rows the turn added. */
export async function turn(chat: AgentChatApi, text: string): Promise<ThreadEntry[]> {
  const before = chat.context.entries.length;
  await chat.context.send({ text, attachments: [], images: [] });
  await until(`the end of "${text}"`, () => chat.context.entries.slice(before).some((e) => e.type === 'turn_end'), 20_000);
  return chat.context.entries.slice(before);
}
