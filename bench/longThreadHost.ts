/**
 * Child process of the long-thread bench (run with --expose-gc): the host side of a
 * 20,000-row thread. Builds the rows, hands them to a ThreadModel as a restored thread does,
 * lets go of everything else, collects garbage and prints the heap in use as JSON. Then saves
 * the thread's transcript the way the recorder does and prints the peak heap during the save.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThreadModel } from '../src/thread/reducer.js';
import { TranscriptStore } from '../src/history/store.js';
import { longThread } from './render-fixtures/longThread.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const rows = Number(process.argv[2] ?? 20_000);

const settle = () => { for (let i = 0; i < 3; i++) gc(); };
settle();
const before = process.memoryUsage().heapUsed;
const model = ThreadModel.restore({ entries: longThread(rows), session: { turnState: 'idle', commands: [] } as never });
settle();
const held = process.memoryUsage().heapUsed;

// The transcript of that thread, saved as the recorder saves it; peak heap sampled meanwhile.
const dir = mkdtempSync(join(tmpdir(), 'agent-chat-bench-history-'));
let peak = held;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 1);
const store = new TranscriptStore(dir);
await store.save({ agentName: 'bench', sessionId: 'long', cwd: '/w', ...model.snapshot() });
peak = Math.max(peak, process.memoryUsage().heapUsed);
clearInterval(sampler);
rmSync(dir, { recursive: true, force: true });

console.log(JSON.stringify({ rows: model.entries.length, heapMB: held / 1e6, threadMB: (held - before) / 1e6, saveExtraMB: (peak - held) / 1e6 }));
