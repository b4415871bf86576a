/**
 * The seed's conversation and the other scenarios, as dialect-neutral steps both test servers
 * (v0.3 plain node:http, v1.0 on the SDK) render. The user's first words pick the scenario.
 */
export type Step =
  | { type: 'status'; state: 'working' | 'input-required' | 'auth-required' | 'completed' | 'failed' | 'rejected' | 'canceled'; text?: string }
  | { type: 'artifact'; artifactId: string; text: string; append?: boolean; lastChunk?: boolean }
  /** The stream is cut here (the task goes on: the rest comes on resubscribe). */
  | { type: 'drop' }
  | { type: 'wait'; ms: number };

export const Q1 = 'I found 47 columns in the dataset. Which ones should I focus the analysis on?';
export const Q2 = "Here's the initial analysis. Revenue shows a significant dip in Q3. Should I investigate the root cause, or is this summary sufficient?";
export const PRELIM = '## Revenue Analysis (Preliminary)\n\nTotal revenue: $4.2M\nQ1: $1.1M | Q2: $1.3M | Q3: $0.7M | Q4: $1.1M';
export const FINAL_CHUNKS = ['## Revenue Analysis\n\n', 'Q3 dip: the West region lost two accounts. ', 'Q4 anomalies are flagged.'];
export const HOSTILE = '<img src=x onerror="globalThis.__pwned=1"> [click](javascript:globalThis.__pwned=1) <script>globalThis.__pwned=1</script>';

export type Scenario = 'seed' | 'slow' | 'park' | 'fail' | 'reject' | 'drop' | 'hostile' | 'other' | 'weird' | 'big' | 'warehouse' | 'burst';

/**
 * The `burst` task streams this many WORKING status updates (progress lines) as fast as it can,
 * then one artifact (the A2A benchmark). Progress replaces progress on the server, so its task
 * store does not grow with the count, as it does with appended artifact chunks.
 */
export const BURST_CHUNKS = Number(process.env.BENCH_A2A_EVENTS ?? 1000);
export const BURST_CHUNK_TEXT = 'A streamed line of the final analysis, about eighty characters long, no markup.\n';

/** The `warehouse` task pauses for credentials until the request carries the bearer token "sesame". */
export const AUTH_QUESTION = 'Sign in to the warehouse to read the sales table.';
export const WAREHOUSE_REPORT = 'Warehouse sales: 1,204 orders.';

export function scenarioOf(text: string): Scenario {
  const word = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const known: Scenario[] = ['slow', 'park', 'fail', 'reject', 'drop', 'hostile', 'other', 'weird', 'big', 'warehouse', 'burst'];
  return (known as string[]).includes(word) ? (word as Scenario) : 'seed';
}

/** The steps of turn `turn` (0-based) of a task in `scenario`. */
export function stepsFor(scenario: Scenario, turn: number): Step[] {
  switch (scenario) {
    case 'seed':
      if (turn === 0) return [{ type: 'status', state: 'working', text: 'Reading the dataset…' }, { type: 'status', state: 'input-required', text: Q1 }];
      if (turn === 1) {
        return [
          { type: 'status', state: 'working', text: 'Computing the quarters…' },
          { type: 'artifact', artifactId: 'prelim', text: PRELIM, lastChunk: true },
          { type: 'status', state: 'input-required', text: Q2 },
        ];
      }
      return [
        { type: 'status', state: 'working', text: 'Writing the analysis…' },
        ...FINAL_CHUNKS.map((text, i): Step => ({ type: 'artifact', artifactId: 'analysis', text, append: i > 0, lastChunk: i === FINAL_CHUNKS.length - 1 })),
        { type: 'status', state: 'completed' },
      ];
    case 'slow':
      return [
        { type: 'status', state: 'working', text: 'Working slowly…' },
        ...Array.from({ length: 100 }, (_, i): Step[] => [{ type: 'artifact', artifactId: 'slow', text: `line ${i}\n`, append: i > 0 }, { type: 'wait', ms: 100 }]).flat(),
        { type: 'status', state: 'completed' },
      ];
    case 'park':
      return [{ type: 'status', state: 'input-required', text: 'Which room?' }];
    case 'fail':
      return [{ type: 'status', state: 'working', text: 'Trying…' }, { type: 'status', state: 'failed', text: 'disk on fire' }];
    case 'reject':
      return [{ type: 'status', state: 'rejected', text: 'I do not do that.' }];
    case 'drop':
      return [
        { type: 'status', state: 'working', text: 'Half way…' },
        { type: 'artifact', artifactId: 'report', text: 'part one. ' },
        { type: 'drop' },
        { type: 'wait', ms: 150 },
        { type: 'artifact', artifactId: 'report', text: 'part two.', append: true, lastChunk: true },
        { type: 'status', state: 'completed' },
      ];
    case 'burst':
      return [
        ...Array.from({ length: BURST_CHUNKS }, (_, i): Step => ({ type: 'status', state: 'working', text: `${i + 1}. ${BURST_CHUNK_TEXT}` })),
        { type: 'artifact', artifactId: 'burst', text: BURST_CHUNK_TEXT, lastChunk: true },
        { type: 'status', state: 'completed' },
      ];
    case 'warehouse':
      // Turn 0 pauses; the server repeats turn 0 until the credential comes (see the servers).
      if (turn === 0) return [{ type: 'status', state: 'working', text: 'Opening the warehouse…' }, { type: 'status', state: 'auth-required', text: AUTH_QUESTION }];
      return [{ type: 'artifact', artifactId: 'sales', text: WAREHOUSE_REPORT, lastChunk: true }, { type: 'status', state: 'completed' }];
    case 'hostile':
      return [{ type: 'artifact', artifactId: 'h', text: HOSTILE, lastChunk: true }, { type: 'status', state: 'completed' }];
    default:
      // 'other', 'weird' and 'big' need raw wire control: the v0.3 server writes them itself.
      return [{ type: 'status', state: 'completed' }];
  }
}
