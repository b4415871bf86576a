/**
 * The notifications of one kind on screen, kept in step with what should be there.
 *
 * VS Code cannot close a notification from code, except one shown by `withProgress`: it goes
 * away when its task resolves. So every notice is a progress notification whose message holds
 * its actions as `command:` links, and its task resolves as soon as it should go (settled,
 * seen, its tab closed). A stale notification can therefore not be clicked. Its Cancel button
 * only dismisses it: the thing stays in the chat, and the same notice is not shown again.
 */
import * as vscode from 'vscode';

export interface Notice {
  /** Stable for the thing notified about (a request id, a tab's turn end…). */
  key: string;
  title: string;
  /** Markdown-ish notification text: `[label](command:…)` links are the actions. */
  message: string;
}

export class NoticeBoard implements vscode.Disposable {
  /** Open notifications by key; calling one closes it. */
  private readonly open = new Map<string, () => void>();
  /** The titles on screen by key (for tests: what the user reads). */
  private readonly titles = new Map<string, string>();
  /** Dismissed by the user: not shown again while the thing lasts. */
  private readonly dismissed = new Set<string>();

  /** Keys on screen (for tests). */
  get showing(): string[] {
    return [...this.open.keys()];
  }

  /** Titles on screen (for tests). */
  get showingTitles(): string[] {
    return [...this.titles.values()];
  }

  /**
   * `candidates`: every thing that could be notified about now (one that is gone is closed and
   * forgotten); `wanted`: whether it should be on screen now.
   */
  sync<T extends Notice>(candidates: readonly T[], wanted: (notice: T) => boolean): void {
    const live = new Map(candidates.map((n) => [n.key, n]));
    for (const key of [...this.dismissed]) if (!live.has(key)) this.dismissed.delete(key);
    for (const [key, close] of [...this.open]) {
      const notice = live.get(key);
      if (!notice || !wanted(notice)) close();
    }
    for (const notice of candidates) {
      if (!this.open.has(notice.key) && !this.dismissed.has(notice.key) && wanted(notice)) this.show(notice);
    }
  }

  /** Closes `key`'s notification, if shown. */
  close(key: string): void {
    this.open.get(key)?.();
  }

  private show(notice: Notice): void {
    let close!: () => void;
    const closed = new Promise<void>((resolve) => {
      close = () => {
        if (this.open.get(notice.key) === close) {
          this.open.delete(notice.key);
          this.titles.delete(notice.key);
        }
        resolve();
      };
    });
    this.open.set(notice.key, close);
    this.titles.set(notice.key, notice.title);
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: notice.title, cancellable: true },
      (progress, token) => {
        progress.report({ message: notice.message });
        const cancelled = token.onCancellationRequested(() => {
          this.dismissed.add(notice.key);
          close();
        });
        return closed.finally(() => cancelled.dispose());
      },
    );
  }

  dispose(): void {
    for (const close of [...this.open.values()]) close();
  }
}
