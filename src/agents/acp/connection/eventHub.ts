/**
 * Ordered fan-out of a session's events. Events emitted before anyone listens (updates that
 * raced `session/new`'s answer, the initial config options) are held and handed to the first
 * listener, synchronously, so a thread built right after `newSession()` misses nothing.
 */
const MAX_HELD = 10_000;

export class EventHub<T extends { kind: string }> {
  private readonly listeners = new Set<(event: T) => void>();
  private readonly held: T[] = [];

  constructor(private readonly onListenerError?: (message: string) => void) {}

  on(listener: (event: T) => void): { dispose(): void } {
    this.listeners.add(listener);
    for (const event of this.held.splice(0)) this.deliver(listener, event);
    return { dispose: () => this.listeners.delete(listener) };
  }

  emit(event: T): void {
    if (this.listeners.size === 0) {
      if (this.held.length < MAX_HELD) this.held.push(event);
      return;
    }
    for (const listener of [...this.listeners]) this.deliver(listener, event);
  }

  /** A throwing listener must not starve the others or break the wire handler. */
  private deliver(listener: (event: T) => void, event: T): void {
    try {
      listener(event);
    } catch (err) {
      this.onListenerError?.(`event listener failed on ${event.kind}: ${(err as Error).message}`);
    }
  }
}
