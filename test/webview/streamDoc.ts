/**
 * Streams a Markdown document into a fresh agent message the way the host does: a snapshot with
 * an empty message, then one `append` per chunk of `size` characters, each drawn at once.
 * The Markdown tests compare what this leaves in the DOM with a one-shot render. streaming.test.ts
 * keeps its own copy because it reads the DOM in the same task, before idle highlighting can run.
 */
import type { Panel } from './harness.js';

export async function streamDoc(panel: Panel, doc: string, size: number): Promise<void> {
  await panel.page.evaluate(([d, n]) => {
    const g = globalThis as any;
    const post = (m: unknown) => { g.dispatchEvent(new g.MessageEvent('message', { data: m })); g.__agentChatHooks.flush(); };
    post({ type: 'snapshot', snapshot: { agent: { state: 'none' }, agents: [], session: { turnState: 'running', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [] } });
    post({ type: 'rows', changes: [{ op: 'insert', index: 0, entry: { type: 'agent', id: 'm', content: [{ type: 'text', text: '' }] } }] });
    for (let i = 0; i < d.length; i += n) post({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: d.slice(i, i + n) }] });
  }, [doc, size] as const);
}
