/**
 * The panel's tabs in strip order and which one is shown. Every tab's thread reports here; only
 * the shown tab's rows and thread changes go on to the view, while permission questions and tab
 * state from any tab do (a background turn may need an answer too).
 */
import * as vscode from 'vscode';
import type { SessionTabs } from '../../shared/webviewProtocol.js';
import type { ApplyResult } from '../../thread/types.js';
import { ChatThread } from '../thread/chatThread.js';
import type { PermissionRequest } from '../thread/chatThread.js';
import { DisposableScope } from '../disposables.js';
import { SessionTab } from './sessionTabs.js';
import type { ThreadStore } from '../thread/threadStore.js';

/** Row changes of one tab. */
export interface TabRows {
  tabId: string;
  result: ApplyResult;
}

export class SessionTabList implements vscode.Disposable {
  private readonly scope = new DisposableScope();
  private tabs: SessionTab[] = [];
  private shown: SessionTab;
  private tabsKey = '';

  private readonly rowsEmitter = this.scope.add(new vscode.EventEmitter<ApplyResult>());
  private readonly replacedEmitter = this.scope.add(new vscode.EventEmitter<void>());
  private readonly requestedEmitter = this.scope.add(new vscode.EventEmitter<PermissionRequest>());
  private readonly settledEmitter = this.scope.add(new vscode.EventEmitter<string>());
  private readonly tabsEmitter = this.scope.add(new vscode.EventEmitter<SessionTabs>());
  private readonly tabRowsEmitter = this.scope.add(new vscode.EventEmitter<TabRows>());

  /** Row changes of the shown tab's thread (and whether its session facts changed). */
  readonly onRows = this.rowsEmitter.event;
  /** Another thread is shown (new session, tab switch, reopened history): views need a snapshot. */
  readonly onThreadReplaced = this.replacedEmitter.event;
  /** A permission question from any tab. */
  readonly onPermissionRequested = this.requestedEmitter.event;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled = this.settledEmitter.event;
  /** Tabs were added, closed, renamed or changed state. */
  readonly onTabs = this.tabsEmitter.event;
  /**
   * Row changes of any tab, shown or not (a turn that ended or a form that waits in the
   * background). Not for streamed text alone: a change that only appends text to rows is not
   * reported here (thousands a second while an agent streams, and no listener here reads text).
   */
  readonly onTabRows = this.tabRowsEmitter.event;

  /** `activeChanged`: the shown tab's turn or permission state may have changed (status bar). */
  constructor(private readonly store: ThreadStore, private readonly activeChanged: () => void) {
    // The first tab takes the thread saved for this workspace.
    this.shown = this.add(new ChatThread(store));
  }

  get active(): SessionTab {
    return this.shown;
  }

  get all(): readonly SessionTab[] {
    return this.tabs;
  }

  find(id: string): SessionTab | undefined {
    return this.tabs.find((t) => t.id === id);
  }

  /** The tab whose thread waits for `requestId`. */
  asking(requestId: string): SessionTab | undefined {
    return this.tabs.find((t) => t.thread.pendingPermission(requestId));
  }

  info(): SessionTabs {
    return { tabs: this.tabs.map((t) => t.info()), activeId: this.shown.id };
  }

  /** A new tab at the end of the strip (not shown yet). */
  add(thread: ChatThread = new ChatThread(this.store, false)): SessionTab {
    const tab = new SessionTab(thread);
    this.tabs.push(tab);
    thread.onRows((result) => {
      if (this.shown === tab) this.rowsEmitter.fire(result);
      if (result.session) this.fireTabs();
      // Streamed text is for the view alone: the notifiers watch rows that come and go.
      if (result.session || !onlyAppends(result)) this.tabRowsEmitter.fire({ tabId: tab.id, result });
    });
    thread.onReplaced(() => {
      if (this.shown === tab) this.replacedEmitter.fire();
    });
    thread.onPermissionRequested((request) => this.requestedEmitter.fire(request));
    thread.onPermissionSettled((requestId) => {
      this.settledEmitter.fire(requestId);
      if (this.shown === tab) this.activeChanged();
      this.fireTabs();
    });
    this.fireTabs();
    return tab;
  }

  /** Shows `tab`: it takes the thread slot saved for the next window. */
  activate(tab: SessionTab): void {
    if (this.shown !== tab) {
      this.shown.thread.setSaving(false);
      tab.thread.setSaving(true);
      this.shown = tab;
      this.replacedEmitter.fire();
    }
    this.activeChanged();
    this.fireTabs();
  }

  /** Drops `tab`; the panel never has zero tabs (the next prompt opens a session). */
  remove(tab: SessionTab): void {
    const index = this.tabs.indexOf(tab);
    if (index < 0) return;
    this.tabs.splice(index, 1);
    tab.dispose();
    const next = this.tabs[Math.min(index, this.tabs.length - 1)] ?? this.add();
    if (this.shown === tab) this.activate(next);
    else this.fireTabs();
  }

  /** An untouched tab without a session: reuse it instead of adding another. */
  isBlank(tab: SessionTab): boolean {
    return !tab.session && tab.thread.entries.length === 0;
  }

  /** Tells the strip, unless nothing it shows changed. */
  fireTabs(): void {
    // The first tab is added while the list is being built: nobody listens yet.
    if (!this.shown) return;
    const tabs = this.info();
    const key = JSON.stringify(tabs);
    if (key === this.tabsKey) return;
    this.tabsKey = key;
    this.tabsEmitter.fire(tabs);
  }

  dispose(): void {
    for (const tab of this.tabs) tab.dispose();
    this.scope.dispose();
  }
}

/** The change only appends streamed text to rows (no row added or replaced, no session fact). */
function onlyAppends(result: ApplyResult): boolean {
  const rows = result.rows;
  for (let i = 0; i < rows.length; i++) if (rows[i]!.op !== 'append') return false;
  return true;
}
