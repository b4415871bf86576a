/**
 * The thread keeps following streamed output to the very end, although rows and pages not yet
 * drawn stand in with placeholder heights, and stops following only when the user scrolls up.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

/** A long reply mixing prose, lists, tables and code, ending in a line we look for. */
function mixedReply(sections: number, last: string): string {
  const parts: string[] = [];
  for (let i = 0; i < sections; i++) {
    parts.push(`## Section ${i}\n\n${'Some prose that wraps across the narrow panel. '.repeat(8)}\n`);
    parts.push(`- item ${i}.a\n- item ${i}.b\n  - nested\n`);
    parts.push(`| col | value |\n|---|---|\n| ${i} | ${'x'.repeat(30)} |\n`);
    parts.push(`\`\`\`ts\n${Array.from({ length: 25 }, (_, k) => `const v${i}_${k} = ${k};`).join('\n')}\n\`\`\`\n`);
  }
  parts.push(last);
  return parts.join('\n');
}

async function start(panel: Panel): Promise<void> {
  await panel.page.evaluate(() => {
    const g = globalThis as any;
    const post = (m: unknown) => { g.dispatchEvent(new g.MessageEvent('message', { data: m })); g.__agentChatHooks.flush(); };
    post({ type: 'snapshot', snapshot: { agent: { state: 'none' }, agents: [], session: { turnState: 'running', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [
      { type: 'user', id: 'u', content: [{ type: 'text', text: 'Write a lot.' }] },
    ] } });
    post({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: { type: 'agent', id: 'm', content: [{ type: 'text', text: '' }] } }] });
  });
}

/** Streams `text` in pieces, one animation frame apart (as the host's batcher delivers them). */
async function stream(panel: Panel, text: string, size: number): Promise<void> {
  await panel.page.evaluate(async ([t, n]) => {
    const g = globalThis as any;
    const frame = () => new Promise((r) => g.requestAnimationFrame(r));
    for (let i = 0; i < t.length; i += n) {
      g.dispatchEvent(new g.MessageEvent('message', { data: { type: 'rows', changes: [{ op: 'append', index: 1, id: 'm', text: t.slice(i, i + n) }] } }));
      await frame();
    }
  }, [text, size] as const);
}

/** How far the bottom of the line containing `needle` is below the thread's visible area (≤ 0: visible). */
function lastLineBelow(panel: Panel, needle: string): Promise<number> {
  return panel.page.evaluate((n) => {
    const d = (globalThis as any).document;
    const thread = d.querySelector('.thread');
    const hits = Array.from(d.querySelectorAll('.row.agent p, .row.agent li, .row.agent pre')).filter((e: any) => e.textContent.includes(n)) as any[];
    if (hits.length === 0) return Number.POSITIVE_INFINITY;
    return hits[hits.length - 1].getBoundingClientRect().bottom - thread.getBoundingClientRect().bottom;
  }, needle);
}

/** Web-first: retries until the last line is in view (or fails after the timeout). */
async function expectInView(panel: Panel, needle: string): Promise<void> {
  await panel.page.waitForFunction((n) => {
    const d = (globalThis as any).document;
    const thread = d.querySelector('.thread');
    const hits = Array.from(d.querySelectorAll('.row.agent p, .row.agent li, .row.agent pre')).filter((e: any) => e.textContent.includes(n)) as any[];
    const last = hits[hits.length - 1];
    return !!last && last.getBoundingClientRect().bottom <= thread.getBoundingClientRect().bottom + 1;
  }, needle, { timeout: 10_000 }).catch(async () => {
    assert.fail(`the last line is ${await lastLineBelow(panel, needle)} px below the visible area`);
  });
}

test('a large mixed reply streamed in pieces: the last line is in view at the end', async () => {
  const panel = await harness.open({ width: 360, height: 600 });
  await start(panel);
  await stream(panel, mixedReply(40, 'THE VERY LAST LINE'), 900);
  await panel.flush();
  await expectInView(panel, 'THE VERY LAST LINE');
});

test('after the user scrolls up, new output does not pull the view down; back at the bottom it follows again', async () => {
  const panel = await harness.open({ width: 360, height: 600 });
  await start(panel);
  await stream(panel, mixedReply(10, 'FIRST PART END'), 900);
  await expectInView(panel, 'FIRST PART END');
  // The user scrolls up by hand (a wheel turn upwards, then the scroll it causes).
  const top = await panel.page.evaluate(() => {
    const g = globalThis as any;
    const thread = g.document.querySelector('.thread');
    thread.dispatchEvent(new g.WheelEvent('wheel', { deltaY: -400, bubbles: true }));
    thread.scrollTop = Math.max(0, thread.scrollTop - 400);
    return thread.scrollTop;
  });
  await panel.page.evaluate(() => new Promise((r) => (globalThis as any).requestAnimationFrame(r)));
  await stream(panel, `\n\n${mixedReply(5, 'SECOND PART END')}`, 900);
  await panel.flush();
  assert.ok(await lastLineBelow(panel, 'SECOND PART END') > 0, 'the new end is below: the view stayed where the user put it');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.thread').scrollTop), top);
  // Back to the bottom by hand: following resumes.
  await panel.page.evaluate(() => {
    const thread = (globalThis as any).document.querySelector('.thread');
    thread.scrollTop = thread.scrollHeight;
  });
  await panel.page.evaluate(() => new Promise((r) => (globalThis as any).requestAnimationFrame(r)));
  await stream(panel, '\n\nTHIRD PART END', 900);
  await expectInView(panel, 'THIRD PART END');
});
