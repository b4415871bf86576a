/**
 * Incremental Markdown in the browser: a message streamed in pieces ends up as the same DOM as
 * rendering it at once, fences stay whole across chunk boundaries, and frozen blocks are never
 * rebuilt by later chunks; a long fence is frozen in place when it closes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const DOCS = [
  '# Plan\n\nFirst I will read `main.ts`.\n\n```ts\nexport function main(): void {\n\n  console.log("hi");\n}\n```\n\nThen:\n\n1. edit\n2. test\n\n> note\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nDone.',
  '```\nfence with\n\n\nblank lines\n\nand column-0 text\n```\nimmediately after\n\n~~~python\ndef f():\n    return 1\n~~~',
  'para one\nstill para one\n\n- item a\n- item b\n\n  continued b\n\nend with a [link](https://example.com) and **bold',
  '````md\n```\ninner fence\n```\n````\n\ntext',
  // Open fences grown line by line: a closing line without its newline, a longer or other fence that does not close it.
  'Intro\n\n```ts\nconst a = 1;\n\n  ``\n~~~\nlast\n```',
  '````\n```\nnot closed\n``` \nstill code\n\n~~~\n````  \nafter\n\n```js\nopen at the end\nx <b> & y',
  'Text\n\n```\r\nwindows\r\nlines\r\n```\r\n\r\nend',
];

/** Streams `doc` in chunks of `size` (drawing after each), returns the blocks' HTML. */
async function streamed(panel: Panel, doc: string, size: number): Promise<string> {
  return panel.page.evaluate(([d, n]) => {
    const g = globalThis as any;
    const post = (m: unknown) => { g.dispatchEvent(new g.MessageEvent('message', { data: m })); g.__agentChatHooks.flush(); };
    post({ type: 'snapshot', snapshot: { agent: { state: 'none' }, agents: [], session: { turnState: 'running', commands: [] }, composer: { image: false, audio: false, embeddedContext: false }, entries: [] } });
    post({ type: 'rows', changes: [{ op: 'insert', index: 0, entry: { type: 'agent', id: 'm', content: [{ type: 'text', text: '' }] } }] });
    for (let i = 0; i < d.length; i += n) post({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: d.slice(i, i + n) }] });
    return Array.from(g.document.querySelectorAll('.row.agent .md-chunk > *, .row.agent .md-tail > *')).map((e: any) => e.outerHTML).join('');
  }, [doc, size] as const);
}

async function atOnce(panel: Panel, doc: string): Promise<string> {
  await panel.send(snapshot([agent('m', doc)]));
  return panel.page.evaluate(() => Array.from((globalThis as any).document.querySelectorAll('.row.agent .md-chunk > *, .row.agent .md-tail > *')).map((e: any) => e.outerHTML).join(''));
}

test('streamed in any chunk size, the DOM equals rendering the whole text at once', async () => {
  const panel = await harness.open();
  for (const doc of DOCS) {
    const whole = await atOnce(panel, doc);
    for (const size of [1, 7, 64]) {
      assert.equal(await streamed(panel, doc, size), whole, `chunk size ${size}: ${JSON.stringify(doc.slice(0, 30))}`);
    }
  }
});

test('an open fence with blank lines stays one code block while it streams', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([agent('m', 'Intro\n\n```js\nconst line1 = 1;\n\nline2\n\n')]));
  assert.equal(await panel.count('.row.agent pre'), 1);
  assert.equal(await panel.count('.row.agent .hljs-keyword'), 0, 'an open fence is not highlighted on every chunk');
  await panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: 'line3\n\nline4' }] });
  assert.equal(await panel.count('.row.agent pre'), 1);
  assert.match(await panel.text('.row.agent pre'), /const line1 = 1;\n\nline2\n\nline3\n\nline4/);
  await panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: '\n```\n\nOutro' }] });
  assert.equal(await panel.count('.row.agent pre'), 1);
  assert.equal(await panel.count('.row.agent .md-chunk pre'), 1, 'the closed fence is frozen');
  assert.equal(await panel.count('.row.agent .md-chunk .hljs-keyword'), 1, 'frozen code is highlighted');
});

test('frozen blocks keep their nodes while the tail grows', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([agent('m', 'Block one.\n\nBlock two.\n\nTail')]));
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.md-chunk p').__keep = 1; });
  for (let i = 0; i < 20; i++) await panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: ` more ${i}` }] });
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.md-chunk p').__keep), 1);
  assert.match(await panel.text('.md-tail'), /Tail more 0.* more 19/);
});

test('a full update that only grew is applied as an append; a rewrite starts over', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([agent('m', 'Alpha.\n\nBeta')]));
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.md-chunk p').__keep = 1; });
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: agent('m', 'Alpha.\n\nBeta gamma') }] });
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.md-chunk p').__keep), 1);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: agent('m', 'Completely different') }] });
  assert.equal((await panel.text('.row.agent')).trim(), 'Completely different');
});

test('a long open fence grows in place, in parts, and is rendered as a one-shot would once it closes', async () => {
  const panel = await harness.open();
  const lines = Array.from({ length: 400 }, (_, i) => `  row${i}: value(${i}, 'text <b> & more'),`).join('\n');
  const doc = `Intro\n\n\`\`\`ts\nexport const table = {\n${lines}\n};\n\`\`\`\n\nOutro with **bold**.`;
  const close = doc.indexOf('};\n```') + 3;
  await panel.send(snapshot([agent('m', doc.slice(0, 40))]));
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.md-tail pre > code').__keep = 1; });
  for (let i = 40; i < close; i += 97) await panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: doc.slice(i, Math.min(close, i + 97)) }] });
  const open = await panel.page.evaluate(() => {
    const code = (globalThis as any).document.querySelector('.md-tail pre > code');
    return { kept: code.__keep, text: code.textContent, parts: code.querySelectorAll('.md-code-part').length, pres: (globalThis as any).document.querySelectorAll('.row.agent pre').length };
  });
  assert.equal(open.kept, 1, 'the open fence is not re-rendered per chunk');
  assert.equal(open.text, doc.slice(doc.indexOf('export'), close));
  assert.ok(open.parts >= 3, `a long open fence is split into parts (${open.parts})`);
  assert.equal(open.pres, 1);
  assert.equal(await panel.count('.row.agent .hljs-keyword'), 0, 'not highlighted while open');
  for (let i = close; i < doc.length; i += 5) await panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text: doc.slice(i, i + 5) }] });
  const html = () => panel.page.evaluate(() => Array.from((globalThis as any).document.querySelectorAll('.row.agent .md-chunk > *, .row.agent .md-tail > *')).map((e: any) => e.outerHTML).join(''));
  const closed = await panel.page.evaluate(() => {
    const code = (globalThis as any).document.querySelector('.row.agent .md-chunk pre > code');
    return { kept: code?.__keep, parts: code?.querySelectorAll('.md-code-part').length };
  });
  assert.equal(closed.kept, 1, 'the closed fence is frozen where it is, not rendered again');
  assert.equal(closed.parts, open.parts, 'and keeps its parts');
  await highlighted(panel);
  const streamedHtml = await html();
  assert.ok(await panel.count('.row.agent .md-chunk .hljs-keyword') > 0, 'highlighted once closed');
  await panel.send(snapshot([agent('m2', doc)]));
  await highlighted(panel);
  assert.equal(streamedHtml, await html());
});

/** Long code blocks are highlighted in idle time: waits until none is left. */
async function highlighted(panel: Panel): Promise<void> {
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('.hl-pending'));
}
