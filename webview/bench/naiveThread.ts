/**
 * Benchmark baseline only (bundled by bench/render.ts, never shipped): what a reasonable peer
 * does without incremental rows — keep the entries, apply updates as they come, and re-render
 * the whole thread from scratch once per animation frame (not once per update) with the same
 * row renderers the panel uses. The panel's incremental view is measured against this.
 */
import type { RowChange, ThreadEntry } from '../../src/thread/types.js';
import { Announcer } from '../a11y/announcer.js';
import { createRowView } from '../rows/createRow.js';
import { ViewStateStore } from '../viewState.js';

declare global {
  interface Window {
    __naive?: { update(change: RowChange): void; rows(): number; pending(): boolean };
  }
}

const entries: ThreadEntry[] = [];
const viewState = new ViewStateStore({ post: () => undefined, getState: () => null, setState: () => undefined });
const ctx = { viewState, announcer: new Announcer(), live: () => false };
const thread = document.createElement('div');
thread.className = 'thread';
const app = document.createElement('div');
app.className = 'app';
app.append(thread);
document.body.append(app);

function apply(change: RowChange): void {
  switch (change.op) {
    case 'insert':
      entries.splice(change.index, 0, change.entry);
      return;
    case 'update':
      entries[change.index] = change.entry;
      return;
    case 'append': {
      const e = entries[change.index];
      if (e && (e.type === 'agent' || e.type === 'user' || e.type === 'thought')) {
        const last = e.content[e.content.length - 1];
        if (last?.type === 'text') last.text += change.text;
        else e.content.push({ type: 'text', text: change.text });
      }
      return;
    }
  }
}

function renderAll(): void {
  const els = entries.map((e) => {
    const view = createRowView(e, ctx);
    view.render(e, { kind: 'full' });
    return view.el;
  });
  thread.replaceChildren(...els);
  // Following the bottom, as every chat panel does while a session fills in.
  thread.scrollTop = thread.scrollHeight;
}

let frameRequested = false;

// Changes arrive as the panel's do: `rows` messages (the benchmark posts the same ones to both).
window.addEventListener('message', (e: MessageEvent) => {
  const msg = e.data as { type?: string; changes?: RowChange[] } | undefined;
  if (msg?.type === 'rows') for (const change of msg.changes ?? []) window.__naive!.update(change);
});

window.__naive = {
  update(change) {
    apply(change);
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(() => {
      frameRequested = false;
      renderAll();
    });
  },
  rows: () => thread.childElementCount,
  pending: () => frameRequested,
};
