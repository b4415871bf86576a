/**
 * Fixed texts the scripted agents stream, exported so tests can compare what the client
 * rendered with what was sent (the agents split them into chunks of `CHUNK_CHARS`).
 */

export const CHUNK_CHARS = 40;

export const HELLO_MARKDOWN = [
  '## Hello from the scripted agent',
  '',
  'This answer is **streamed** in several chunks, so the client has to join them.',
  '',
  '- a list item',
  '- another one, with `inline code`',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`;',
  '}',
  '```',
  '',
  'That is all.',
].join('\n');

export const THOUGHT_PARTS = [
  'Let me think about this. ',
  'The user asked for a thought demo, ',
  'so I will reason first and answer after.',
];

export const THOUGHT_ANSWER = 'Here is my answer, **after** thinking.';

export const PLAN_STEPS = ['Read the request', 'Draft the answer', 'Review the answer'] as const;
export const PLAN_DONE = 'The plan is complete.';

export const USAGE = { used: 53000, size: 200000, cost: { amount: 0.05, currency: 'USD' } } as const;
export const USAGE_MESSAGE = 'Usage reported: 53000 of 200000 tokens, cost 0.05 USD.';

export const SESSION_TITLE = 'Scripted session title';
export const SESSION_UPDATED_AT = '2026-01-02T03:04:05.000Z';

export const LONG_CHUNK = 'tick ';
/** What the v2 agent (`--accept-while-working`) answers a prompt taken into its running turn, before the prompt's text. */
export const STEERED_PREFIX = 'STEERED:';

export const CRASH_STDERR = 'scripted agent: simulated crash (exit 3)';
export const CRASH_EXIT_CODE = 3;

/** v2 `upsert`: what each message must finally show. */
export const UPSERT_STEPS = { a: 'Alpha ', b: 'Bravo ', c: 'Charlie ', d: 'Delta', x: 'Xray', y: 'Yankee' } as const;
export const UPSERT_FINAL = ['Charlie Delta', 'Yankee'] as const;

/** v2 `terminal`: output chunks as bytes (the first split falls inside the 3-byte "✓"). */
export const V2_TERMINAL_COMMAND = 'npm run build';
export const V2_TERMINAL_OUTPUT = 'building…\nbuild: ✓ ok\n\u001b[32mdone\u001b[0m\n';
export const V2_TERMINAL_SPLITS = [20, 27] as const;

export const CUSTOM_STOP_REASON = '_demo_done';

/** draft agent: its one tool call, and what both dialects must render. */
export const DRAFT_TOOL = {
  id: 'call_001',
  name: 'lint_code',
  arguments: { code: 'function add(a, b) { return a + b }', language: 'javascript' },
  output: 'Lint finished:\n- 0 errors\n- 1 warning: missing semicolon',
  errorOutput: 'Lint failed: the parser crashed',
} as const;
export const DRAFT_INTRO = 'Let me lint that function.';
export const DRAFT_OUTRO = 'Done.';
