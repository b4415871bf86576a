/** What a test's own notifier sees of the window: a focused window, the chat as the test says, the context's shown tab. */
import * as vscode from 'vscode';
import type { AgentChatContext } from '../../src/vscode/context.js';
import { NOTICE_KINDS, type NoticeSettings } from '../../src/vscode/notifications/noticePolicy.js';
import type { NoticeSurroundings } from '../../src/vscode/notifications/surroundings.js';

export interface TestSurroundings extends NoticeSurroundings, vscode.Disposable {
  /** Tells the notifier that what `chatVisible` answers changed. */
  changed(): void;
}

export function testSurroundings(context: Pick<AgentChatContext, 'tabsInfo'>, chatVisible: () => boolean): TestSurroundings {
  const emitter = new vscode.EventEmitter<void>();
  const settings = Object.fromEntries(NOTICE_KINDS.map((k) => [k, true])) as NoticeSettings;
  return {
    attention: (tabId) => ({ windowFocused: true, chatVisible: chatVisible(), tabShown: tabId === context.tabsInfo().activeId }),
    settings: () => settings,
    onDidChange: emitter.event,
    changed: () => emitter.fire(),
    dispose: () => emitter.dispose(),
  };
}
