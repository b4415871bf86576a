/**
 * Giant messages: a paragraph on one long line freezes its settled prefix while it streams, and
 * still ends up exactly as rendering the whole text at once — across emphasis, code spans, links
 * and brackets that span would-be cuts, escapes, CR and NUL, and when a later line break makes it
 * a heading, a table, a list, a longer paragraph, or ends it. A long code block is highlighted in
 * idle time once it closes, and one too long to highlight says so in its toolbar.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { streamDoc } from './streamDoc.js';
import { agent, snapshot } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const WORDS = 'the agent reads every file and returns one value for each thread été Übermaß'.split(' ');
function words(chars: number, seed = 0): string {
  let out = '';
  for (let i = seed; out.length < chars; i++) out += `${out ? ' ' : ''}${WORDS[i % WORDS.length]}`;
  return out;
}

/** One line, over 30 KB, with inline constructs that span many would-be cuts. */
const TRICKY = [
  words(5_000),
  `*emphasis over ${words(6_000, 1)} until here*`,
  words(2_000, 2),
  `\`a code span with spaces ${words(5_000, 3)} and its end\``,
  `a stray \`backtick then ${words(4_500, 4)} and a closing \` much later`,
  `[a link whose text ${words(4_500, 5)} is long](https://example.com/x "a title with spaces")`,
  `an unclosed [bracket ${words(4_500, 6)} closed] later`,
  `**strong _and em ${words(4_200, 7)} nested_ end** ~~struck ${words(4_200, 8)} out~~`,
  `escapes \\* and \\\` and \\[ a backslash \\ space, snake_case_words, 2*3*4, a NUL \0 here, https://example.com/path linked, &amp; entity`,
  `*an opener never closed ${words(5_000, 9)}`,
].join(' ');

const ENDINGS = ['', '  ', '\n===', '\n---', '\n- item', '\n1. item', '\nlazy continuation line', '\n\nNext paragraph *here*', '\r\n\r\nAfter CRLF', '\r', '\n', '\n# Heading', '\n> quote', '\n```\ncode\n```'];

/** Streams `doc` in chunks of `size` (drawing after each); returns the blocks' HTML. */
async function streamed(panel: Panel, doc: string, size: number): Promise<string> {
  await streamDoc(panel, doc, size);
  return html(panel);
}

async function atOnce(panel: Panel, doc: string): Promise<string> {
  await panel.send(snapshot([agent('m', doc)]));
  return html(panel);
}

/**
 * The blocks' HTML, a long paragraph's runs (span.md-run, cut where lines start) unwrapped: they
 * only group its inline nodes for layout. Whether they are seamless is checked by height.
 */
function html(panel: Panel): Promise<string> {
  return panel.page.evaluate(() => Array.from((globalThis as any).document.querySelectorAll('.row.agent .md-chunk > *, .row.agent .md-tail > *')).map((e: any) => {
    const copy = e.cloneNode(true);
    for (const run of Array.from(copy.querySelectorAll('.md-run')) as any[]) run.replaceWith(...Array.from(run.childNodes));
    copy.normalize();
    return copy.outerHTML;
  }).join(''));
}

const append = (panel: Panel, text: string) => panel.send({ type: 'rows', changes: [{ op: 'append', index: 0, id: 'm', text }] });

test('a one-line paragraph streamed in pieces equals rendering it at once, whatever line follows', async () => {
  const panel = await harness.open();
  for (const ending of ENDINGS) {
    for (const doc of [TRICKY + ending, `| ${TRICKY} | b |${ending ? '\n|---|---|\n| 1 | 2 |' : ''}`, `Intro.\n\n${TRICKY}${ending}`]) {
      const whole = await atOnce(panel, doc);
      for (const size of [997, 4_099]) {
        assert.equal(await streamed(panel, doc, size), whole, `chunk size ${size}, ending ${JSON.stringify(ending)}, start ${JSON.stringify(doc.slice(0, 12))}`);
      }
    }
  }
});

test('a long one-line paragraph keeps its settled prefix while it streams, in runs cut where lines start', async () => {
  const panel = await harness.open({ width: 480, height: 800 });
  await panel.send(snapshot([agent('m', words(3_000))]));
  await append(panel, ` ${words(6_000, 1)}`);
  for (let i = 0; i < 10; i++) await append(panel, ` more ${i} ${words(500, i)}`);
  await panel.page.evaluate(() => { (globalThis as any).document.querySelector('.md-tail p .md-run').firstChild.__keep = 1; });
  for (let i = 10; i < 120; i++) await append(panel, ` more ${i} ${words(500, i)}`);
  const layout = () => panel.page.evaluate(() => {
    const g = globalThis as any;
    const ps = g.document.querySelectorAll('.row.agent p');
    return { kept: ps[0]?.querySelector('.md-run')?.firstChild?.__keep, paragraphs: ps.length, runs: ps[0]?.querySelectorAll('.md-run').length, height: ps[0]?.getBoundingClientRect().height };
  });
  const state = await layout();
  assert.equal(state.kept, 1, 'the frozen prefix is not rendered again per chunk');
  assert.equal(state.paragraphs, 1, 'all pieces sit in one paragraph');
  assert.ok(state.runs >= 3, `the paragraph is cut into runs (${state.runs})`);
  await panel.screenshot('giant-paragraph');
  const text = await panel.page.evaluate(() => (globalThis as any).document.querySelector('.row.agent p').textContent);
  // Rendered at once (no runs) in another panel of the same size: the same lines, so the same height.
  const other = await harness.open({ width: 480, height: 800 });
  await other.send(snapshot([agent('m', text)]));
  const whole = await other.page.evaluate(() => ({ height: (globalThis as any).document.querySelector('.row.agent p').getBoundingClientRect().height, runs: (globalThis as any).document.querySelectorAll('.md-run').length }));
  assert.ok(whole.runs <= 1, 'rendered at once, the paragraph is not cut');
  assert.equal(state.height, whole.height, 'runs are cut where lines start: no seam, no extra line');
  // Narrower: the lines move, so the runs are merged back into one and the height is again the whole paragraph's.
  await panel.page.setViewportSize({ width: 360, height: 800 });
  await other.page.setViewportSize({ width: 360, height: 800 });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.row.agent .md-run').length === 1);
  const narrow = await other.page.evaluate(() => (globalThis as any).document.querySelector('.row.agent p').getBoundingClientRect().height);
  assert.equal((await layout()).height, narrow);
  assert.equal(await html(panel), await html(other));
  // A blank line ends it as shown: its nodes stay.
  await append(panel, '\n\nNext');
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.querySelector('.row.agent .md-chunk p')?.querySelector('.md-run')?.firstChild?.__keep), 1);
  assert.match(await panel.text('.row.agent .md-tail'), /^Next\s*$/);
});

test('a long code block ends up highlighted; one too long to highlight says so, streamed or at once', async () => {
  const panel = await harness.open();
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const value${i} = compute(${i}, "item") + ${i % 13};`).join('\n');
  const mid = `\`\`\`ts\n${lines(200)}\n\`\`\``;
  assert.ok(mid.length > 5_000 && mid.length < 20_000);
  const big = `\`\`\`ts\n${lines(600)}\n\`\`\``;
  for (const doc of [mid, `${mid}\n\nafter`, big, `${big}\n\nafter`]) {
    const whole = await atOnce(panel, doc);
    await highlighted(panel);
    const wholeDone = await html(panel);
    const streamedHtml = await streamed(panel, doc, 331);
    await highlighted(panel);
    assert.equal(await html(panel), wholeDone, `streamed equals at once: ${doc.length} chars, ${JSON.stringify(doc.slice(-6))}`);
    if (doc.length < 20_000) {
      assert.ok(await panel.count('.row.agent .hljs-keyword') > 100, 'the block is highlighted');
      assert.equal(await panel.count('.row.agent .code-note'), 0);
      if (doc === mid) await panel.screenshot('giant-code-highlighted');
    } else {
      assert.equal(await panel.count('.row.agent .hljs-keyword'), 0);
      assert.equal(await panel.text('.row.agent .code-note'), 'Too long to highlight');
      assert.ok(streamedHtml.includes('code-note') && whole.includes('code-note'), 'the note shows at once, and while streaming');
      if (doc === big) await panel.screenshot('giant-code-too-long');
    }
  }
  // An open fence already too long when it is first drawn (a snapshot), then growing: one note.
  await panel.send(snapshot([agent('m', big.slice(0, -4))]));
  await append(panel, '\nexport const more = 1;\n');
  assert.equal(await panel.count('.row.agent .code-note'), 1);
});

async function highlighted(panel: Panel): Promise<void> {
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('.hl-pending'));
}
