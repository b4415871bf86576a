/**
 * The "Agent Chat Protocol" log: every JSON-RPC message in and out (from the transport's tap),
 * the agent's stderr, lifecycle lines, and refusals (links, fs). What users attach to bug reports.
 *
 * Messages cost nothing until someone reads them: they go into a ring in memory (last N,
 * redacted, not serialised; see services/protocolTap.ts) and reach the output channel only
 * while the log is on screen or its level is Debug or Trace. Opening the log writes the ring out
 * first, so the log shows what happened before it was opened. The other lines (stderr,
 * lifecycle, refusals) are few and are written at once, as before.
 *
 * The log's own words stay in English: it is read by whoever diagnoses a bug report, beside
 * the protocol's own JSON.
 */
import * as vscode from 'vscode';
import { knownSecrets, redactKnown } from '../services/redact.js';
import { DEFAULT_KEEP } from '../services/protocolRing.js';
import type { WireDirection } from '../services/protocolRing.js';
import { ProtocolTap } from '../services/protocolTap.js';

const CHANNEL_NAME = 'Agent Chat Protocol';
const KEEP_SETTING = 'agentChat.protocolLog.keep';

function readKeep(): number {
  const value = vscode.workspace.getConfiguration().get<number>(KEEP_SETTING, DEFAULT_KEEP);
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_KEEP;
}

/** Output channels are editors with the `output` scheme; this one's URI names it. */
function showsChannel(editor: vscode.TextEditor, name: string): boolean {
  const uri = editor.document.uri;
  if (uri.scheme !== 'output') return false;
  try {
    return decodeURIComponent(uri.toString()).includes(name);
  } catch {
    return uri.toString().includes(name);
  }
}

export class ProtocolLog implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly tap: ProtocolTap;
  private readonly subscriptions: vscode.Disposable[];

  /**
   * `name` is the channel's; only the extension's own log has the default. A second log with the
   * same name would share its log file, and disposing either would silence both.
   */
  constructor(private readonly name = CHANNEL_NAME) {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
    this.tap = new ProtocolTap(this.channel, { keep: readKeep(), keepSetting: `${KEEP_SETTING} of them` });
    this.subscriptions = [
      this.channel.onDidChangeLogLevel(() => this.updateLive()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.updateLive()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(KEEP_SETTING)) this.tap.setKeep(readKeep());
      }),
    ];
    this.updateLive();
  }

  /** A message on the wire; `in` is agent → client. Kept (redacted) in memory; written only while someone looks. */
  message(agentName: string, direction: WireDirection, message: unknown, count = 1): void {
    this.tap.message(agentName, direction, message, count);
  }

  stderr(agentName: string, line: string): void {
    this.channel.warn(redactKnown(`[${agentName}] stderr: ${line}`, knownSecrets()));
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

  /** Shows the log with the messages kept since it was last written to. */
  show(): void {
    this.tap.writeKept();
    this.channel.show(true);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.channel.dispose();
  }

  private updateLive(): void {
    const level = this.channel.logLevel;
    const shown = vscode.window.visibleTextEditors.some((e) => showsChannel(e, this.name));
    this.tap.setLive(level !== vscode.LogLevel.Off && (level <= vscode.LogLevel.Debug || (shown && level <= vscode.LogLevel.Info)));
  }
}
