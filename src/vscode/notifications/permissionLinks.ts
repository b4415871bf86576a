/**
 * The text of a permission notification (no `vscode` import, unit-tested). Notification messages
 * turn `[label](target)` into links that may run commands: the option links are made that way on
 * purpose, and agent text is kept from ever forming one.
 */
import type { PermissionOption } from '../../protocol/events.js';
import { CommandId } from '../commandIds.js';
import { permissionChoices } from './noticePolicy.js';

/** Internal (not in package.json): what an option link in the notification runs. */
export const ANSWER_FROM_NOTIFICATION = 'agentChat.answerPermissionFromNotification';

/** Agent text inside a notification: one line, and no `](` that would start a link target. */
export function inertText(text: string): string {
  return text.replace(/\]\s*\(/g, '] (').replace(/\s+/g, ' ').trim();
}

/**
 * The notification message: one link per option of the agent — its own labels, the allowing
 * ones before the denying ones (an unnamed option is named by its kind) — then a way to the chat.
 */
export function answerLinks(
  request: { requestId: string; options: readonly (Pick<PermissionOption, 'optionId' | 'name'> & { kind?: PermissionOption['kind'] })[] },
  command = ANSWER_FROM_NOTIFICATION,
): string {
  const links = permissionChoices(request.options).map((o) => {
    const args = encodeURIComponent(JSON.stringify([request.requestId, o.optionId]));
    const label = bare(o.label) || bare(o.optionId) || 'Answer';
    return `[${label}](command:${command}?${args})`;
  });
  return `${links.join(' · ')} — or [open the chat](command:${CommandId.open})`;
}

/** A link label cannot hold brackets or parentheses (they would end it early). */
function bare(text: string): string {
  return text.replace(/[[\]()]/g, '').replace(/\s+/g, ' ').trim();
}
