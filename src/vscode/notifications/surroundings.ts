/**
 * What the notifiers need to know about the window: whether the user can see a tab (window
 * focus, chat visibility, the shown tab), which kinds of notification are on, and when any of
 * that changed. The decisions themselves are in noticePolicy.ts.
 */
import * as vscode from 'vscode';
import { noticeSettings, type Attention, type NoticeSettings } from './noticePolicy.js';

export interface NoticeSurroundings {
  /** What the user can see of `tabId` now. */
  attention(tabId: string | undefined): Attention;
  settings(): NoticeSettings;
  /** Focus, chat visibility or the settings changed (tab switches come from the context's `onTabs`). */
  readonly onDidChange: vscode.Event<void>;
}

/** The real window: `window.state.focused`, the chat view's visibility, the context's shown tab. */
export class WindowSurroundings implements NoticeSurroundings, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private current = readNoticeSettings();

  constructor(
    private readonly chatVisible: () => boolean,
    onChatVisibility: vscode.Event<unknown>,
    private readonly shownTabId: () => string,
    private readonly windowFocused: () => boolean = () => vscode.window.state.focused,
  ) {
    this.subscriptions = [
      vscode.window.onDidChangeWindowState(() => this.changed.fire()),
      onChatVisibility(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('agentChat.notifications')) return;
        this.current = readNoticeSettings();
        this.changed.fire();
      }),
    ];
  }

  attention(tabId: string | undefined): Attention {
    return { windowFocused: this.windowFocused(), chatVisible: this.chatVisible(), tabShown: tabId === undefined || tabId === this.shownTabId() };
  }

  settings(): NoticeSettings {
    return this.current;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** Which kinds of notification are on (`agentChat.notifications.*`, each on unless set to false). */
export function readNoticeSettings(): NoticeSettings {
  const config = vscode.workspace.getConfiguration('agentChat.notifications');
  return noticeSettings((kind) => config.get<unknown>(kind));
}
