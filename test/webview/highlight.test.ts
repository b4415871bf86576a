/**
 * Long code blocks in the browser: shown as plain text in parts at once, highlighted part by part
 * in idle time with the same result as highlighting the block whole, and a fence streamed in any
 * chunk size ends up as the same DOM as the block rendered at once.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { streamDoc } from './streamDoc.js';
import { agent, snapshot } from './fixtures.js';

hljs.registerLanguage('typescript', typescript);

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

/** ~12 KB of TypeScript; a block comment and a template string run across the 4,000-character part cuts. */
function longTs(): string {
  const out: string[] = [];
  for (let i = 0; out.join('').length < 12_000; i++) {
    if (i % 40 === 30) out.push(`/*\n${Array.from({ length: 20 }, (_, k) => ` * comment line ${k} of block ${i} <b> & 'quoted'\n`).join('')} */\n`);
    else if (i % 40 === 10) out.push(`const tpl${i} = \`first line ${i}\n${Array.from({ length: 15 }, (_, k) => `  template ${k} \${value${k}}\n`).join('')}\`;\n`);
    else out.push(`export function fn${i}(a: number): string { return 'x' + a * ${i}; } // note ${i}\n`);
  }
  return out.join('');
}

async function highlighted(panel: Panel): Promise<void> {
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('.hl-pending'));
}

/**
 * The colours of every character: runs of text with the classes of the spans around them, for
 * the code element (parts ignored) and for highlight.js's output for the whole block.
 */
async function coloursVsWhole(panel: Panel, code: string): Promise<{ shown: string[]; whole: string[]; text: string }> {
  const whole = hljs.highlight(code, { language: 'typescript', ignoreIllegals: true }).value;
  return panel.page.evaluate((wholeHtml) => {
    const d = (globalThis as any).document;
    const runs = (root: any): string[] => {
      const out: string[] = [];
      let prev = '';
      const walker = d.createTreeWalker(root, 4 /* text */);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const classes: string[] = [];
        for (let p = n.parentElement; p && p !== root; p = p.parentElement) if (p.tagName === 'SPAN') classes.unshift(p.className);
        const key = classes.join('>');
        if (out.length && key === prev) out[out.length - 1] += n.data;
        else out.push(`${key}|${n.data}`);
        prev = key;
      }
      return out.filter((r) => !r.endsWith('|'));
    };
    const el = d.querySelector('.row.agent pre > code');
    const ref = new (globalThis as any).DOMParser().parseFromString(`<code>${wholeHtml}</code>`, 'text/html').body.firstChild;
    return { shown: runs(el), whole: runs(ref), text: el.textContent };
  }, whole);
}

test('a long code block shows as plain text at once and is highlighted in idle time, as if whole', async () => {
  const panel = await harness.open();
  const code = longTs();
  const doc = `Before\n\n\`\`\`typescript\n${code}\`\`\`\n\nAfter`;
  const atOnce = await panel.page.evaluate((msg) => {
    const g = globalThis as any;
    g.dispatchEvent(new g.MessageEvent('message', { data: msg }));
    g.__agentChatHooks.flush();
    const el = g.document.querySelector('.row.agent pre > code');
    return { pending: el.classList.contains('hl-pending'), spans: el.querySelectorAll('span').length, parts: el.querySelectorAll('.md-code-part').length, text: el.textContent };
  }, snapshot([agent('m', doc)]));
  assert.equal(atOnce.pending, true);
  assert.equal(atOnce.spans, 0, 'not highlighted in the task that rendered it');
  assert.ok(atOnce.parts >= 2, `laid out in parts (${atOnce.parts})`);
  assert.equal(atOnce.text, code);
  await highlighted(panel);
  const after = await coloursVsWhole(panel, code);
  assert.equal(after.text, code, 'the text is unchanged');
  assert.ok(after.whole.length > 100);
  assert.deepEqual(after.shown, after.whole, 'highlighted piece by piece = highlighted whole');
  assert.equal(await panel.count('.row.agent pre .md-code-part'), atOnce.parts, 'the parts stay');
  assert.ok(await panel.count('.row.agent pre .hljs-comment') > 0);
  assert.deepEqual(await panel.consoleErrors(), []);
});

test('a block replaced before its turn is skipped, and the queue drains', async () => {
  const panel = await harness.open();
  const code = longTs();
  await panel.page.evaluate(([first, second]) => {
    const g = globalThis as any;
    // Both in one task: the first block is queued, then replaced before any idle time.
    for (const m of [first, second]) {
      g.dispatchEvent(new g.MessageEvent('message', { data: m }));
      g.__agentChatHooks.flush();
    }
    if (!g.document.querySelector('.row.agent pre > code.hl-pending')) throw new Error('nothing waiting to be highlighted');
  }, [snapshot([agent('m', `\`\`\`typescript\n${code}\`\`\``)]), { type: 'rows', changes: [{ op: 'update', index: 0, entry: agent('m', `Short now.\n\n\`\`\`typescript\n${code.slice(0, code.indexOf("\n", 9000) + 1)}\`\`\`\n\nEnd.`) }] }] as const);
  await highlighted(panel);
  assert.equal(await panel.count('.row.agent pre'), 1);
  assert.ok(await panel.count('.row.agent pre .hljs-keyword') > 0);
  assert.deepEqual(await panel.consoleErrors(), []);
});

/** Streams `doc` in chunks of `size` (drawing after each), returns the message's blocks' HTML once highlighting is done. */
async function streamed(panel: Panel, doc: string, size: number): Promise<string> {
  await streamDoc(panel, doc, size);
  return blocksHtml(panel);
}

async function blocksHtml(panel: Panel): Promise<string> {
  await highlighted(panel);
  return panel.page.evaluate(() => Array.from((globalThis as any).document.querySelectorAll('.row.agent .md-chunk > *, .row.agent .md-tail > *')).map((e: any) => e.outerHTML).join(''));
}

test('long fences streamed in any chunk size end up as the DOM of rendering them at once', async () => {
  const panel = await harness.open();
  const ts = longTs();
  const plain = ts.replace(/export /g, '');
  const huge = Array.from({ length: 700 }, (_, i) => `  row${i}: value(${i}, 'text <b> & more'),\n`).join('');
  const docs = [
    `Intro\n\n\`\`\`typescript\n${ts}\`\`\`\n\nOutro **bold**.`,
    `\`\`\`\n${plain}\`\`\`\nright after\n\n\`\`\`ts\n${huge}\`\`\`\n\n- list`,
  ];
  for (const doc of docs) {
    await panel.send(snapshot([agent('m', doc)]));
    const whole = await blocksHtml(panel);
    for (const size of [61, 997]) assert.equal(await streamed(panel, doc, size), whole, `chunk size ${size}: ${JSON.stringify(doc.slice(0, 20))}`);
  }
  assert.deepEqual(await panel.consoleErrors(), []);
});

test('markup inside a long block stays text once highlighted', async () => {
  const panel = await harness.open();
  const evil = `const a = "</span><img src=x onerror=alert(1)>";\n// <script>alert(2)</script> &amp; &lt;b&gt;\nconst b = '<span class="x" onclick="alert(3)">';\n`;
  const code = longTs().replace(/\n/, `\n${evil}`) + evil;
  await panel.send(snapshot([agent('m', `\`\`\`typescript\n${code}\`\`\`\n\nEnd.`)]));
  await highlighted(panel);
  const seen = await panel.page.evaluate(() => {
    const el = (globalThis as any).document.querySelector('.row.agent pre > code');
    return { text: el.textContent, bad: el.querySelectorAll('img, script, [onclick], [onerror]').length, spans: el.querySelectorAll('span').length };
  });
  assert.equal(seen.text, code);
  assert.equal(seen.bad, 0);
  assert.ok(seen.spans > 0);
  assert.deepEqual(await panel.violations(), []);
});
