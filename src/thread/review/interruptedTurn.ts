/**
 * A turn the window went away in the middle of: its message has a checkpoint, but the thread
 * never saw it end nor computed its changes (the agent process died with the old window). Only
 * the last message can be such a turn — a later message means the thread went on past it.
 */
import type { ThreadEntry, UserEntry } from '../types.js';

export type CheckpointedUser = UserEntry & { turnId: string; checkpoint: NonNullable<UserEntry['checkpoint']> };

export function interruptedTurn(entries: readonly ThreadEntry[]): CheckpointedUser | undefined {
  let last = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i]!.type === 'user') { last = i; break; }
  }
  if (last < 0) return undefined;
  const user = entries[last] as UserEntry;
  if (user.turnId === undefined || !user.checkpoint?.length || user.undone) return undefined;
  for (let i = last + 1; i < entries.length; i++) {
    const e = entries[i]!;
    if ((e.type === 'turn_end' || e.type === 'changes') && e.turnId === user.turnId) return undefined;
  }
  return user as CheckpointedUser;
}
