/** A scope of disposables: everything added is disposed together, newest first. */
import type * as vscode from 'vscode';

export class DisposableScope implements vscode.Disposable {
  private items: vscode.Disposable[] = [];
  private disposed = false;

  add<T extends vscode.Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = this.items.reverse();
    this.items = [];
    for (const item of items) {
      try {
        item.dispose();
      } catch {
        // One failing disposer must not keep the rest alive.
      }
    }
  }
}
