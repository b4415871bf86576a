/**
 * Giant messages: 1 MB streamed as ONE paragraph (no newline at all) and as ONE fenced code block,
 * through the real webview bundle in headless Chromium, driven per chunk and per frame exactly as
 * the render bench drives its 2 MB answer (bench/render.ts). Goals: the per-chunk cost of the last
 * 10% at most 1.5× the first 10% (medians, per chunk), and no main-thread task over 50 ms of CPU
 * (per frame, the real update path). A row below its goal makes `npm run bench` exit non-zero.
 */
import { rmSync } from 'node:fs';
import { buildWebview, launchHarness } from '../test/webview/harness.js';
import { chunk } from './render-fixtures/longMessage.js';
import { benchPerChunk, benchPerFrame } from './render.js';
import { table } from './stats.js';

const BYTES = 1_000_000;
/** Fewer, larger chunks than the 2 MB answer: a block re-drawn whole per chunk must still finish. */
const CHUNKS = 2_000;
const RATIO_GOAL = 1.5;
const TASK_GOAL_MS = 50;

function oneParagraph(bytes: number): string {
  const words = 'the agent reads every file and returns one value for each thread it renders while streaming'.split(' ');
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `${words[i % words.length]}${i % 17 === 16 ? '.' : ''} `;
  return out.slice(0, bytes);
}

function oneFence(bytes: number): string {
  const lines: string[] = ['```ts'];
  let size = 6;
  for (let i = 0; size < bytes - 4; i++) {
    const line = i % 9 === 0 ? `// step ${i}: keep the value in range` : `export const value${i} = compute(${i}, "item-${i % 97}") + ${i % 13};`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push('```');
  return lines.join('\n');
}

export async function run(): Promise<void> {
  const dir = await buildWebview();
  const harness = await launchHarness(dir);
  const rows: string[][] = [['1 MB as one block, ' + CHUNKS.toLocaleString('en-US') + ' chunks', 'last / first 10% per chunk', 'CPU tasks > 50 ms per frame (longest)', '']];
  let below = false;
  try {
    for (const [label, text] of [['one paragraph (no newline)', oneParagraph(BYTES)], ['one fenced code block', oneFence(BYTES)]] as const) {
      const pieces = chunk(text, CHUNKS);
      const perChunk = await benchPerChunk(harness, pieces, text.length);
      const perFrame = await benchPerFrame(harness, pieces, text.length, 16);
      const ratioOk = perChunk.medianRatio <= RATIO_GOAL;
      const tasksOk = perFrame.cpuLongTasks === 0;
      below ||= !ratioOk || !tasksOk;
      rows.push([
        label,
        `${perChunk.medianRatio.toFixed(2)}× (${perChunk.firstTenthMedianMs.toFixed(2)} → ${perChunk.lastTenthMedianMs.toFixed(2)} ms)`,
        `${perFrame.cpuLongTasks} (${perFrame.longestCpuTaskMs.toFixed(0)} ms)`,
        `goals ≤ ${RATIO_GOAL}×, 0 over ${TASK_GOAL_MS} ms: ${ratioOk && tasksOk ? 'meets' : 'BELOW'}`,
      ]);
      process.stdout.write('.');
    }
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write('\n');
  console.log(table(rows));
  if (below) process.exitCode = 1;
}
