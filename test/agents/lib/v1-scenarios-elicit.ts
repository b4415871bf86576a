/**
 * v1 scripted scenarios that ask the user for input with `elicitation/create`: a form, a page
 * to open (then `elicitation/complete`), and a form the client cannot show. Each reports what
 * the client answered as `ELICIT…:` text, so tests read the wire outcome from the thread.
 */
import { whenAborted, within } from './timing.js';
import { describeError } from './v1-turn.js';
import type { V1Scenario } from './v1-scenarios-content.js';

/** How long the agent waits for the client's answer after a cancel before giving up on it. */
const ANSWER_AFTER_CANCEL_MS = 3000;

export const DEPLOY_FORM = {
  type: 'object',
  title: 'Deployment',
  properties: {
    name: { type: 'string', title: 'Service name', description: 'Lower-case letters', minLength: 2, pattern: '^[a-z]+$' },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 5, default: 2 },
    region: { type: 'string', title: 'Region', oneOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'United States' }] },
    notify: { type: 'boolean', title: 'Notify the team', default: true },
  },
  required: ['name', 'region'],
} as const;

export const elicit: V1Scenario = async (turn) => {
  if (!turn.caps.elicitation?.form) {
    await turn.say(['ELICIT:not-advertised']);
    return 'end_turn';
  }
  const answer = turn.client
    .request('elicitation/create', { sessionId: turn.sessionId, mode: 'form', message: 'Where should I deploy?', requestedSchema: DEPLOY_FORM })
    .then((r) => r as { action: string; content?: unknown })
    .catch((err: unknown) => ({ action: 'error', content: describeError(err) }));
  const unanswered: { action: string; content?: unknown } = { action: 'unanswered' };
  const afterCancel = whenAborted(turn.signal).then(() => within(answer, ANSWER_AFTER_CANCEL_MS, unanswered));
  const result: { action: string; content?: unknown } = await Promise.race([answer, afterCancel]);
  await turn.sayNow(`ELICIT:${result.action}${result.content === undefined ? '' : ` ${JSON.stringify(result.content)}`}`);
  return turn.cancelled ? 'cancelled' : 'end_turn';
};

export const elicitUrl: V1Scenario = async (turn) => {
  if (!turn.caps.elicitation?.url) {
    await turn.say(['ELICIT-URL:not-advertised']);
    return 'end_turn';
  }
  const elicitationId = turn.nextToolId('flow');
  const result = await turn.client
    .request('elicitation/create', { sessionId: turn.sessionId, mode: 'url', message: 'Sign in to the deploy service', elicitationId, url: 'https://deploy.example.com/login?flow=1' })
    .then((r) => r as { action: string })
    .catch((err: unknown) => ({ action: `error ${describeError(err)}` }));
  await turn.sayNow(`ELICIT-URL:${result.action}`);
  if (result.action === 'accept') {
    await turn.pause();
    await turn.client.notify('elicitation/complete', { elicitationId });
    await turn.sayNow(' COMPLETE-SENT');
  }
  return 'end_turn';
};

export const elicitBad: V1Scenario = async (turn) => {
  const result = await turn.client
    .request('elicitation/create', {
      sessionId: turn.sessionId,
      mode: 'form',
      message: 'Upload a file',
      requestedSchema: { type: 'object', properties: { upload: { type: 'file' } } },
    })
    .then((r) => `answered ${JSON.stringify(r)}`)
    .catch((err: unknown) => describeError(err));
  await turn.sayNow(`ELICIT-BAD:${result}`);
  return 'end_turn';
};
