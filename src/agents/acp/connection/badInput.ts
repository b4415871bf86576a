/**
 * Makes malformed agent output visible without flooding the thread: every problem goes to the
 * log; the chat gets one notice, then at most one per interval summarising how many more.
 */
import type { NdjsonProblem } from '../../../protocol/acp/ndjson.js';
import { t } from '../../translate.js';

export function describeProblem(problem: NdjsonProblem): string {
  switch (problem.kind) {
    case 'invalid_json':
      return `a line that is not JSON (${problem.message}): ${problem.line}`;
    case 'not_an_object':
      return `a line that is not a JSON-RPC message: ${problem.line}`;
    case 'line_too_long':
      return `a ${problem.bytes}-byte line, over the ${problem.maxBytes}-byte limit (dropped)`;
  }
}

export class BadInputReporter {
  private lastShown = -Infinity;
  private suppressed = 0;

  constructor(
    /** Returns false when nobody could be shown it (no session yet): the next problem tries again. */
    private readonly show: (title: string, detail: string) => boolean,
    private readonly log?: (line: string) => void,
    private readonly intervalMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  report(problem: NdjsonProblem): void {
    const detail = describeProblem(problem);
    this.log?.(`bad input from the agent: ${detail}`);
    if (this.now() - this.lastShown < this.intervalMs) {
      this.suppressed++;
      return;
    }
    const more = this.suppressed > 0 ? ' ' + t('(and {0} more since the last notice)', this.suppressed) : '';
    if (!this.show(t('The agent sent malformed input; it was skipped'), `${detail}${more}`)) return;
    this.suppressed = 0;
    this.lastShown = this.now();
  }
}
