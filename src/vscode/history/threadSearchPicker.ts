/**
 * "Agent Chat: Search Threads…" (also from Show History): a QuickPick that searches the saved
 * threads as the user types — debounced, a newer query cancels the one still running, busy while
 * it works — each item the thread's title, its agent and the matching line. Picking a hit opens
 * that thread (its open tab, else the history picker's reopen path) and scrolls the panel to the
 * hit's row with a brief highlight.
 */
import * as vscode from 'vscode';
import { hitExcerpt, hitRow } from '../../history/searchHit.js';
import type { ThreadSearch, ThreadSearchHit } from '../../history/threadSearch.js';
import type { TranscriptStore } from '../../history/store.js';
import type { AgentChatContext } from '../context.js';
import type { ProtocolLog } from '../protocolLog.js';
import { reopenItem } from './historyPicker.js';

interface HitPick extends vscode.QuickPickItem {
  hit?: ThreadSearchHit;
}

/** Typing pauses this long before a search starts (each keystroke would otherwise scan every thread). */
const DEBOUNCE_MS = 150;
/** How long a reopened thread's replay may take to bring the hit's row. */
const ROW_WAIT_MS = 5_000;

export interface SearchDeps {
  context: AgentChatContext;
  transcripts: TranscriptStore;
  search: ThreadSearch;
  log: ProtocolLog;
  /** Shows the chat and scrolls it to a row once the thread is on screen. */
  reveal(entryId: string | undefined): Promise<void>;
}

export async function searchThreads(deps: SearchDeps, initial = ''): Promise<void> {
  const hit = await pickHit(deps, initial);
  if (hit) await openHit(deps, hit);
}

function pickHit(deps: SearchDeps, initial: string): Promise<ThreadSearchHit | undefined> {
  const qp = vscode.window.createQuickPick<HitPick>();
  qp.title = vscode.l10n.t('Agent Chat: Search Threads');
  qp.placeholder = vscode.l10n.t('Words from a past conversation (its title or what was said)');
  // The search decides what matches; the picker only highlights the words in the line.
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.value = initial;
  // Listed once as the picker opens, and every thread's lines read meanwhile: typing then costs a scan.
  const listing = deps.transcripts.list();
  let closed = false;
  void deps.search.prepare(listing, () => closed).catch((error: unknown) => deps.log.warn(`thread search: lines not read: ${String(error)}`));
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async (query: string, mine: number) => {
    if (!query.trim()) {
      qp.items = [];
      qp.busy = false;
      return;
    }
    qp.busy = true;
    try {
      const hits = await deps.search.search(query, { listing, cancelled: () => mine !== generation });
      if (mine !== generation) return;
      qp.items = hits.length ? hits.map((h) => toItem(h, query)) : [{ label: vscode.l10n.t('No saved conversation has all of these words'), alwaysShow: true }];
    } catch (error) {
      if (mine === generation) qp.items = [{ label: vscode.l10n.t('Search failed: {0}', error instanceof Error ? error.message : String(error)), alwaysShow: true }];
      deps.log.warn(`thread search failed: ${String(error)}`);
    } finally {
      if (mine === generation) qp.busy = false;
    }
  };
  const schedule = (query: string) => {
    const mine = ++generation;
    clearTimeout(timer);
    timer = setTimeout(() => void run(query, mine), DEBOUNCE_MS);
  };
  return new Promise<ThreadSearchHit | undefined>((resolve) => {
    qp.onDidChangeValue(schedule);
    qp.onDidAccept(() => {
      const picked = qp.selectedItems[0]?.hit;
      if (!picked) return;
      resolve(picked);
      qp.hide();
    });
    qp.onDidHide(() => {
      closed = true;
      generation++;
      clearTimeout(timer);
      resolve(undefined);
      qp.dispose();
    });
    qp.show();
    if (initial) schedule(initial);
  });
}

function toItem(hit: ThreadSearchHit, query: string): HitPick {
  const when = new Date(hit.meta.updatedAt).toLocaleString();
  return {
    label: hit.meta.title,
    description: `${hit.meta.agentName} · ${when}`,
    detail: hit.entryId === undefined ? vscode.l10n.t('Title matches') : hitExcerpt(hit.line, query),
    // Every hit stays listed: the picker's own filter must not drop a line the search matched.
    alwaysShow: true,
    hit,
  };
}

/** Opens the hit's thread (its tab when open, else reopened like Show History) and reveals its row. */
export async function openHit(deps: SearchDeps, hit: ThreadSearchHit): Promise<void> {
  const { context, transcripts } = deps;
  const meta = hit.meta;
  if (!context.showTabOf(meta.agentName, meta.sessionId)) {
    await reopenItem(context, transcripts, {
      agentName: meta.agentName, sessionId: meta.sessionId, title: meta.title, cwd: meta.cwd, updatedAt: meta.updatedAt, transcriptId: meta.id, onAgent: false,
    }, false);
  }
  await deps.reveal(await rowOf(context, hit));
}

/** The hit's row in the shown thread, waiting a little for a replay that brings it. */
async function rowOf(context: AgentChatContext, hit: ThreadSearchHit): Promise<string | undefined> {
  if (hit.entryId === undefined) return undefined;
  const now = hitRow(context.entries, hit);
  if (now) return now;
  return new Promise((resolve) => {
    const done = (id: string | undefined) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(id);
    };
    const timer = setTimeout(() => done(undefined), ROW_WAIT_MS);
    const listener = context.onRows(() => {
      const id = hitRow(context.entries, hit);
      if (id) done(id);
    });
  });
}
