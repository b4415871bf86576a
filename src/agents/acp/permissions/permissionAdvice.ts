/**
 * The editor's say before a permission card is shown: answer the request by one of the user's
 * auto-approve rules, or ask (with the rule the card may offer). The agent layer only carries
 * the question out and the advice back; the rules and their checks live in `src/permissions/`.
 */
import type { PermissionOption } from '../../../protocol/events.js';
import type { PermissionQuestion } from '../../../permissions/requestTarget.js';
import type { SessionAdvice } from '../../../permissions/offerShelf.js';

export type { PermissionQuestion } from '../../../permissions/requestTarget.js';
export type { SessionAdvice } from '../../../permissions/offerShelf.js';

export type PermissionAdvisor = (question: PermissionQuestion, options: readonly PermissionOption[]) => Promise<SessionAdvice>;
