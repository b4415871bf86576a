/**
 * The last command run in any terminal of the window, with its output, for the "last terminal
 * command" mention. Only terminals with VS Code's shell integration report commands; their output
 * can only be read from the start of a command, so every command's output is read as it runs
 * (the last 64 KiB kept) and the newest finished one is remembered.
 */
import * as vscode from 'vscode';
import { terminalText } from '../../mentions/mentionText.js';

const KEEP_CHARS = 64 * 1024;

export interface FinishedCommand {
  command: string;
  output: string;
  exitCode: number | undefined;
}

export class LastTerminalCommand implements vscode.Disposable {
  private last: FinishedCommand | undefined;
  private readonly outputs = new Map<vscode.TerminalShellExecution, Promise<string>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    // Older hosts have no shell-integration events: then there is never a last command.
    if (typeof vscode.window.onDidStartTerminalShellExecution !== 'function') return;
    this.subscriptions.push(
      vscode.window.onDidStartTerminalShellExecution((e) => this.outputs.set(e.execution, readTail(e.execution))),
      vscode.window.onDidEndTerminalShellExecution(async (e) => {
        const output = this.outputs.get(e.execution);
        this.outputs.delete(e.execution);
        this.last = { command: e.execution.commandLine.value, output: terminalText(await (output ?? Promise.resolve(''))), exitCode: e.exitCode };
      }),
    );
  }

  get(): FinishedCommand | undefined {
    return this.last;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}

async function readTail(execution: vscode.TerminalShellExecution): Promise<string> {
  let text = '';
  try {
    for await (const data of execution.read()) {
      text += data;
      if (text.length > 2 * KEEP_CHARS) text = text.slice(-KEEP_CHARS);
    }
  } catch {
    // The terminal went away mid-command: what was read is what there is.
  }
  return text.length > KEEP_CHARS ? text.slice(-KEEP_CHARS) : text;
}
