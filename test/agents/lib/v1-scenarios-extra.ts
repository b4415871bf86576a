/**
 * v1 scripted scenarios for updates that need a client capability first (notices,
 * compaction): without it the agent must not send them, and says so instead.
 */
import type { V1Scenario } from './v1-scenarios-content.js';
import { text_ } from './v1-turn.js';

export const notice: V1Scenario = async (turn) => {
  if (!turn.caps.session?.notices) {
    await turn.say(['NOTICE:not-advertised']);
    return 'end_turn';
  }
  await turn.send({ sessionUpdate: 'notice', severity: 'info', title: 'Heads up', description: 'An informational notice.' });
  await turn.send({ sessionUpdate: 'notice', severity: 'warning', title: 'Rate limit close', description: null });
  await turn.send({ sessionUpdate: 'notice', severity: '_scripted', title: 'A custom severity' });
  await turn.say(['NOTICE:sent']);
  return 'end_turn';
};

export const compaction: V1Scenario = async (turn) => {
  if (!turn.caps.session?.compaction) {
    await turn.say(['COMPACTION:not-advertised']);
    return 'end_turn';
  }
  const compactionId = turn.nextToolId('compaction');
  await turn.send({ sessionUpdate: 'compaction_update', compactionId, status: 'in_progress' });
  await turn.pause();
  await turn.send({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: text_('Summary: ') });
  await turn.send({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: text_('the user asked for a demo.') });
  await turn.pause();
  await turn.send({ sessionUpdate: 'compaction_update', compactionId, status: 'completed' });
  await turn.say(['COMPACTION:sent']);
  return 'end_turn';
};
