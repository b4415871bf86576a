/**
 * Windows for the tab and history tests: a reload is played by two chat contexts in turn on one
 * workspace memento and one transcript folder (the first is flushed and disposed as
 * deactivation does; the second is built as activation does), with real agents.
 */
import * as vscode from 'vscode';
import type { AcpAgentConfig } from '../../src/agents/api.js';
import type { TranscriptStore } from '../../src/history/store.js';
import type { ThreadEntry } from '../../src/thread/types.js';
import { agentLauncher } from '../../src/vscode/agents/agentLauncher.js';
import { AgentChatContext } from '../../src/vscode/context.js';
import type { ReviewWiring } from '../../src/vscode/tabs/chatCore.js';
import { ProtocolLog } from '../../src/vscode/protocolLog.js';
import { ThreadStore } from '../../src/vscode/thread/threadStore.js';
import { api, textOf } from './agents.js';
import { until } from './harness.js';

/** workspaceState as VS Code keeps it between windows: JSON in, JSON out. */
export class WorkspaceMemento implements vscode.Memento {
  private readonly values = new Map<string, string>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    const value = this.values.get(key);
    return value === undefined ? fallback : (JSON.parse(value) as T);
  }
  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

export interface Window {
  context: AgentChatContext;
  store: ThreadStore;
  log: ProtocolLog;
}

/** A window's chat context; `log` lets a test read what was logged. */
export async function openWindow(state: vscode.Memento, transcripts: TranscriptStore, log = new ProtocolLog('Agent Chat Protocol (test window)'), review?: ReviewWiring): Promise<Window> {
  const chat = await api();
  const store = new ThreadStore(state);
  const extensionPath = vscode.extensions.getExtension('agent-chat.agent-chat')!.extensionPath;
  const context = new AgentChatContext({ extensionPath, state, launch: agentLauncher(), fs: chat.fs, log, store, transcripts, ...(review ? { review } : {}) });
  return { context, store, log };
}

/** What deactivation does, then the extension's disposal. */
export async function closeWindow(window: Window, transcripts: TranscriptStore): Promise<void> {
  await Promise.all([window.store.flush(), transcripts.flush()]);
  window.context.dispose();
  window.store.dispose();
  window.log.dispose();
}

/** Sends in the active tab; the rows the turn added. */
export async function send(context: AgentChatContext, text: string): Promise<ThreadEntry[]> {
  const before = context.entries.length;
  await context.send({ text, attachments: [], images: [] });
  await until(`the end of "${text}"`, () => context.entries.slice(before).some((e) => e.type === 'turn_end'), 20_000);
  return context.entries.slice(before);
}

/** The test agents as user settings: the next window finds agents by name in settings only. */
export async function withAgentSettings<T>(agents: AcpAgentConfig[], run: () => Promise<T>): Promise<T> {
  const config = vscode.workspace.getConfiguration('agentChat');
  const original = config.inspect('agents')?.globalValue;
  const mine = Object.fromEntries(agents.map((a) => [a.name, { command: a.command, args: a.args, env: a.env }]));
  await config.update('agents', { ...(original as object | undefined), ...mine }, vscode.ConfigurationTarget.Global);
  try {
    return await run();
  } finally {
    await config.update('agents', original, vscode.ConfigurationTarget.Global);
  }
}

/** Counts rows whose text is `text`. */
export const said = (entries: readonly ThreadEntry[], text: string) => entries.filter((e) => textOf(e) === text).length;
