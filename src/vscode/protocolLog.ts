/**
 * The "Agent Chat Protocol" log: every JSON-RPC message in and out (from the transport's tap),
 * the agent's stderr, lifecycle lines, and refusals (links, fs). What users attach to bug reports.
 */
import * as vscode from 'vscode';
import { redactSecrets } from '../services/redact.js';

/** Longest message logged in full; anything longer is cut with a note (a pasted image is MBs). */
const MAX_LOGGED_CHARS = 64 * 1024;

export class ProtocolLog implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Agent Chat Protocol', { log: true });

  /** A message on the wire; `in` is agent → client. */
  message(agentName: string, direction: 'in' | 'out', message: unknown): void {
    // Streaming sends thousands of messages a second: skip the serialising when nobody logs them.
    const level = this.channel.logLevel;
    if (level === vscode.LogLevel.Off || level > vscode.LogLevel.Info) return;
    let text: string;
    try {
      text = JSON.stringify(redactSecrets(message));
    } catch {
      text = String(message);
    }
    if (text.length > MAX_LOGGED_CHARS) {
      text = `${text.slice(0, MAX_LOGGED_CHARS)}… (${text.length - MAX_LOGGED_CHARS} more characters)`;
    }
    this.channel.info(`[${agentName}] ${direction === 'in' ? '←' : '→'} ${text}`);
  }

  stderr(agentName: string, line: string): void {
    this.channel.warn(`[${agentName}] stderr: ${line}`);
  }

  info(text: string): void {
    this.channel.info(text);
  }

  warn(text: string): void {
    this.channel.warn(text);
  }

  error(text: string): void {
    this.channel.error(text);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
