/** What the subagents test agent (test/agents/subagents.agent.ts) says and names, for the tests. */
export const TEAM = {
  reader: { id: 'child_reader', title: 'Read the docs', description: 'Reads every file under docs/', agentType: 'Explore', model: 'haiku' },
  links: { id: 'child_links', title: 'Check links' },
  fixer: { id: 'child_fixer', title: 'Fix the typo' },
  readTitle: 'Read docs/guide.md',
  found: 'Found the typo in docs/guide.md.',
  editTitle: 'Edit src/typo.ts',
  editPath: '/work/src/typo.ts',
  final: 'All helpers are done.',
} as const;
