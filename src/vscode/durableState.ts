/**
 * Workspace state that survives a reload even in a browser window.
 *
 * `workspaceState` lives where the workbench keeps its storage. In a browser (code-server, VS Code
 * for the Web) that is the page's IndexedDB, written some time after a change, so a reload can
 * bring back values from a minute ago: the tab opened just before "Reload Window" was gone in
 * the next window (seen in the lifecycle journey). The extension host writes a copy of every
 * value to a small JSON file in the extension's own workspace storage (`storageUri`, on the disk
 * of the machine the extension runs on) at once, and the file, being always the newest, wins
 * when the next window reads. Small values only: the shown thread's snapshot stays in the
 * workbench's storage (ThreadStore), where its size is capped.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type * as vscode from 'vscode';

export class DurableState implements vscode.Memento {
  private readonly values: Record<string, unknown>;
  private failed = false;

  constructor(private readonly inner: vscode.Memento, private readonly file: string, private readonly warn: (message: string) => void = () => {}) {
    this.values = readValues(file);
  }

  keys(): readonly string[] {
    return [...new Set([...this.inner.keys(), ...Object.keys(this.values)])];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    if (Object.prototype.hasOwnProperty.call(this.values, key)) return (this.values[key] as T | undefined) ?? defaultValue;
    return this.inner.get<T>(key) ?? defaultValue;
  }

  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) delete this.values[key];
    else this.values[key] = value;
    this.write();
    return this.inner.update(key, value);
  }

  private write(): void {
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      // Whole or not at all: a reader never sees half a file.
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(this.values));
      renameSync(tmp, this.file);
      this.failed = false;
    } catch (error) {
      if (!this.failed) this.warn(`Workspace state not written to ${this.file}: ${error instanceof Error ? error.message : String(error)}`);
      this.failed = true;
    }
  }
}

function readValues(file: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
