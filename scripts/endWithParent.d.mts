/** Types for endWithParent.mjs (used by examples/a2a-server.ts). */
export function watchedAncestors(pid?: number, ppid?: number): number[];
export function endWithParent(onGone: (pid: number) => void, opts?: { intervalMs?: number }): { watched: number[]; stop(): void };
