// Polling until a condition holds: the one wait every e2e helper and journey builds on (the
// retrying assertions in expect.mjs, the panel helpers in chat.mjs, journeys waiting on files).
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitUntil(check, { timeout = 20000, interval = 150, message = 'condition' } = {}) {
  const until = Date.now() + timeout;
  let last;
  while (Date.now() < until) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await sleep(interval);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${message}${last instanceof Error ? `: ${last.message}` : ''}`);
}
