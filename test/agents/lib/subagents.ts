/** What the subagents test agent (test/agents/subagents.agent.ts) says and names, for the tests. */
export const TEAM = {
  reader: { id: 'child_reader', title: 'Read the docs', description: 'Reads every file under docs/', agentType: 'Explore', model: 'haiku' },
  links: { id: 'child_links', title: 'Check links' },
  fixer: { id: 'child_fixer', title: 'Fix the typo' },
  readTitle: 'Read docs/guide.md',
  found: 'Found the typo in docs/guide.md.',
  /** The task the parent gives the reader (a whole `session_message` in the reader's transcript). */
  readerTask: 'Read every file under docs/ and report typos.',
  /** The task the parent gives the fixer, streamed in two `session_message_chunk`s. */
  fixerTask: ['Fix the typo ', 'in src/typo.ts.'],
  /** The fixer's report to the parent (a `session_message` in the parent's transcript). */
  fixerReport: 'Replaced “teh” with “the” in src/typo.ts.',
  editTitle: 'Edit src/typo.ts',
  /** Relative to the session's cwd. */
  editPath: 'src/typo.ts',
  final: 'All helpers are done.',
} as const;

/** The `ask` scenario: a child that asks the user a question (elicitation) on its own session. */
export const ASKER = {
  id: 'child_asker',
  title: 'Pick a region',
  question: 'Which region should the helper deploy to?',
} as const;

/** The `early` scenario: a child whose task, first tool call and first words come before its announcement. */
export const EARLY = {
  id: 'child_early',
  title: 'Early bird',
  task: 'Read early.md before anyone asks.',
  firstTool: 'Read early.md',
  firstWords: 'Read it already.',
  secondTool: 'Read late.md',
} as const;

/** A child's session id: the scenario's name for it, unique to its parent session (as real agents' ids are). */
export function childId(base: string, parentSessionId: string): string {
  return `${base}.${parentSessionId}`;
}
