/**
 * `npm run example:a2a`: two remote agents on 127.0.0.1 holding the seed's conversation (asks
 * twice, shows a partial artifact, streams the final one) — one speaking A2A v1.0 (built on
 * @a2a-js/sdk's server), one speaking v0.3 (plain node:http, the seed's shapes). Add them to
 * `agentChat.agents` as printed. First words pick other behaviours: "slow" (cancel it), "fail",
 * "reject", "drop" (the stream is cut and resumed), "park", "hostile".
 * Ctrl-C, SIGTERM, SIGHUP, or the end of whoever started it (npm) close both servers and end.
 */
import { startV10Server } from '../test/a2a/v10Server.js';
import { startV03Server } from '../test/a2a/v03Server.js';
import { endWithParent } from '../scripts/endWithParent.mjs';

// The stop is armed before anything listens: a signal that comes while the servers start, or
// right after the first line is printed, still finds its handler.
const servers: { close(): Promise<void> }[] = [];
let stopping = false;
function stop(why: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: closing the example A2A agents`);
  // Closing drops open streams; should a socket still hold on, the process ends anyway — its ports go with it.
  setTimeout(() => process.exit(0), 3000).unref();
  void Promise.all(servers.map((s) => s.close())).then(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
endWithParent((pid) => stop(`the process that started this one (${pid}) ended`));

const base = Number(process.env.PORT) || 4100;
const v10 = await startV10Server(base);
servers.push(v10);
const v03 = await startV03Server(base + 1);
servers.push(v03);
if (stopping) {
  await Promise.all(servers.map((s) => s.close()));
  process.exit(0);
}
console.log(`A2A v1.0 agent: ${v10.url}\nA2A v0.3 agent: ${v03.url}\n`);
console.log('User settings (settings.json):');
console.log(JSON.stringify({ 'agentChat.agents': { 'Analyst (A2A v1.0)': { url: v10.url }, 'Analyst (A2A v0.3)': { url: v03.url } } }, null, 2));
console.log('\nTry: "Analyze this dataset", then answer its two questions. Ctrl-C stops.');
