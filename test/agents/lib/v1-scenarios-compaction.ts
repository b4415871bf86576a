/**
 * v1 compaction that fails and is retried: the failed one keeps its error, the retry's summary
 * arrives whole in `compaction_update` (no chunks). Needs `session.compaction`, like `compaction`.
 */
import type { V1Scenario } from './v1-scenarios-content.js';
import { text_ } from './v1-turn.js';

export const COMPACTION_ERROR = 'The summary did not fit the context window.';
export const COMPACTION_RETRY_SUMMARY = 'Kept: **the plan**, the open files and the last answer.';

export const compactionFail: V1Scenario = async (turn) => {
  if (!turn.caps.session?.compaction) {
    await turn.say(['COMPACTION:not-advertised']);
    return 'end_turn';
  }
  const failed = turn.nextToolId('compaction');
  await turn.send({ sessionUpdate: 'compaction_update', compactionId: failed, status: 'in_progress' });
  await turn.pause();
  await turn.send({ sessionUpdate: 'compaction_update', compactionId: failed, status: 'failed', error: COMPACTION_ERROR });
  const retry = turn.nextToolId('compaction');
  await turn.send({ sessionUpdate: 'compaction_update', compactionId: retry, status: 'in_progress' });
  await turn.pause();
  await turn.send({ sessionUpdate: 'compaction_update', compactionId: retry, status: 'completed', summary: [text_(COMPACTION_RETRY_SUMMARY)] });
  await turn.say(['COMPACTION:retried']);
  return 'end_turn';
};
