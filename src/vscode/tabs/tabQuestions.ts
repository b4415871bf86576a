/**
 * What the tabs wait on the user for, across all of them (a background tab's turn may need an
 * answer too): permission questions, forms and pages, and agents parked on a question. The
 * notifiers and the Threads view read these.
 */
import type { ElicitationEntry } from '../../thread/types.js';
import type { PermissionRequest } from '../thread/chatThread.js';
import type { SessionTabList } from './sessionTabList.js';

/** A question waiting in a tab (a permission, a form). */
export interface PendingQuestion<T> {
  tabId: string;
  agentName: string | undefined;
  question: T;
}

/** A tab whose agent asked the user something and waits (see `waitingForAnswer`). */
export interface WaitingTab {
  tabId: string;
  agentName?: string;
  kind: 'input' | 'auth';
  question: string;
  /** The turn end that left it waiting: a later question in the same tab is another one. */
  turnEndId: string;
}

export class TabQuestions {
  constructor(private readonly tabs: SessionTabList) {}

  /** Tabs whose agent waits for the user's answer (A2A input-required / auth-required). */
  waitingForAnswer(): WaitingTab[] {
    return this.tabs.all.flatMap((tab) => {
      const waiting = tab.thread.waitingQuestion;
      const kind = tab.thread.waitingForInput;
      if (!waiting || !kind || !tab.session) return [];
      return [{ tabId: tab.id, kind, ...waiting, ...(tab.agentName ? { agentName: tab.agentName } : {}) }];
    });
  }

  /** Every tab's permission questions still waiting. */
  pendingPermissions(): PendingQuestion<PermissionRequest>[] {
    return this.tabs.all.flatMap((tab) => tab.thread.pendingPermissions.map((question) => ({ tabId: tab.id, agentName: tab.agentName, question })));
  }

  /** Every tab's forms or pages waiting for the user (elicitations of a live session). */
  pendingElicitations(): PendingQuestion<ElicitationEntry>[] {
    return this.tabs.all.flatMap((tab) => (tab.session ? tab.thread.pendingElicitations.map((question) => ({ tabId: tab.id, agentName: tab.agentName, question })) : []));
  }

  /** The permission question `requestId`, in whichever tab asks it. */
  pendingPermission(requestId: string): PermissionRequest | undefined {
    return this.tabs.asking(requestId)?.thread.pendingPermission(requestId);
  }
}
