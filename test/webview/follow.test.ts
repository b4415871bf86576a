/**
 * The thread keeps following streamed output to the very end, although rows and pages not yet
 * drawn stand in with placeholder heights, and stops following when the user scrolls up or
 * opens a card (they look at it).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, session, snapshot, tool, user } from './fixtures.js';
import type { SubagentEntry } from '../../src/thread/types.js';

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

test('a card opened by hand at the bottom stays where it was clicked while its inside grows; back at the bottom, following resumes', async () => {
  const panel = await harness.open({ width: 360, height: 600 });
  const helper = (rows: number): SubagentEntry => ({
    type: 'subagent', id: 'card', childId: 'c1', title: 'Look around', agentType: 'Explore', state: 'running', toolCalls: rows, filesChanged: 0, rows,
  });
  const prose = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}: ${'words that wrap across the narrow panel '.repeat(4)}`).join('\n\n');
  // The card has a reply under it: pinned to the bottom, the card's growth would push its head out of the view.
  const under = agent('b', 'The helper is looking around. '.repeat(12));
  await panel.send(snapshot([user('u', 'Look around.'), agent('a', prose), helper(1), under], {
    session: session({ turnState: 'running' }), children: { c1: [tool('e1', { title: 'Read file 1', status: 'completed' })] }, foldToolCalls: false,
  }));
  // Following the bottom: the card, near the end of the thread, is in view.
  await panel.page.waitForFunction(() => {
    const t = (globalThis as any).document.querySelector('.thread');
    return t.scrollHeight > t.clientHeight && t.scrollHeight - t.scrollTop - t.clientHeight < 2;
  });
  /** Where the card's head is against the thread's visible area (px above its top, below its bottom; both ≤ 0: in view). */
  const headPlace = () => panel.page.evaluate(() => {
    const d = (globalThis as any).document;
    const view = d.querySelector('.thread').getBoundingClientRect();
    const head = d.querySelector('[data-entry-id="card"] .nested-head')?.getBoundingClientRect();
    return head ? { above: view.top - head.top, below: head.bottom - view.bottom } : undefined;
  });
  const headInView = async () => { const p = await headPlace(); return !!p && p.above <= 1 && p.below <= 1; };
  assert.ok(await headInView(), `the card is in view when clicked: ${JSON.stringify(await headPlace())}`);
  await panel.page.getByRole('button', { name: /Look around/ }).click();
  // The helper goes on: its rows stream into the open card, one frame apart, until its inside is at its tallest.
  await panel.page.evaluate(async () => {
    const g = globalThis as any;
    const frame = () => new Promise((r) => g.requestAnimationFrame(r));
    for (let i = 2; i <= 30; i++) {
      const entry = { type: 'tool_call', id: `e${i}`, toolCallId: `call-e${i}`, title: `Read file ${i}`, name: null, kind: 'read', status: 'completed', content: [], locations: [] };
      const card = { type: 'subagent', id: 'card', childId: 'c1', title: 'Look around', agentType: 'Explore', state: 'running', toolCalls: i, filesChanged: 0, rows: i };
      g.dispatchEvent(new g.MessageEvent('message', { data: { type: 'rows', changes: [{ op: 'update', index: 2, entry: card }], children: [{ childId: 'c1', rows: [{ op: 'insert', index: i - 1, entry }] }] } }));
      await frame();
    }
  });
  await panel.flush();
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.nested-card .nested-body').getBoundingClientRect().height > 300);
  await panel.page.waitForFunction(() => {
    const d = (globalThis as any).document;
    const view = d.querySelector('.thread').getBoundingClientRect();
    const head = d.querySelector('[data-entry-id="card"] .nested-head')?.getBoundingClientRect();
    return !!head && head.top >= view.top - 1 && head.bottom <= view.bottom + 1;
  }).catch(async () => assert.fail(`the opened card's head left the view: ${JSON.stringify(await headPlace())}`));
  // New rows below do not pull the view down either.
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 4, entry: agent('after', 'ROW AFTER THE CARD') }] });
  assert.ok(await headInView(), 'the card stays in view as rows arrive below it');
  // The user goes back to the bottom: following resumes.
  await panel.page.evaluate(() => {
    const thread = (globalThis as any).document.querySelector('.thread');
    thread.scrollTop = thread.scrollHeight;
  });
  await panel.page.evaluate(() => new Promise((r) => (globalThis as any).requestAnimationFrame(r)));
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 5, entry: agent('last', `${'More text. '.repeat(60)}\n\nTHE FOLLOWED END`) }] });
  await expectInView(panel, 'THE FOLLOWED END');
});
