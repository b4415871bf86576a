/**
 * The one internal event language.
 *
 * Every wire dialect an agent may speak (the early draft, ACP v1, the v2 draft) is normalised
 * into these events by the `normalize*` functions of `acp/`, and A2A's results by
 * `a2a/turnMapper.ts`; everything downstream (session, thread model, UI) speaks only this
 * language. Events are plain data: no classes, no `vscode`.
 *
 * Patch convention (v2 semantics, also used for v1 updates): a field that is `undefined` means
 * "leave unchanged", `null` means "clear", a value means "replace".
 *
 * The language is split by concern under `events/`; this file gathers it and adds the event of a
 * child session, so every consumer imports from one place.
 */

export type * from './events/content.js';
export type * from './events/toolCalls.js';
export type * from './events/sessionFacts.js';
export type * from './events/questions.js';
export type * from './events/wire.js';
export type * from './events/local.js';
export type * from './events/changes.js';

import type { WireEvent } from './events/wire.js';
import type { LocalEvent } from './events/local.js';

/**
 * An event of a child session (its updates, and what the client serves for it: permissions,
 * elicitations, terminal output), carried by the session that announced it. A grandchild's
 * event is a child event inside a child event.
 */
export interface ChildEvent {
  kind: 'child';
  childId: string;
  event: SessionEvent;
}

export type SessionEvent = WireEvent | LocalEvent | ChildEvent;
