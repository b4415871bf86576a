/**
 * Ordered fan-out of a session's events. Events emitted before anyone listens (updates that
 * raced `session/new`'s answer, the initial config options) are held and handed to the first
 * listener, synchronously, so a thread built right after `newSession()` misses nothing.
 */
const MAX_HELD = 10_000;

export class EventHub<T extends { kind: string }> {
  /**
   * Replaced, never changed, when a listener comes or goes: an emit walks the array it started
   * with (a listener added or removed meanwhile takes effect from the next event) without
   * copying it for every event.
   */
  private listeners: readonly ((event: T) => void)[] = [];
  private readonly held: T[] = [];

  constructor(private readonly onListenerError?: (message: string) => void) {}

  on(listener: (event: T) => void): { dispose(): void } {
    // As a set: the same function twice is one listener.
    if (!this.listeners.includes(listener)) this.listeners = [...this.listeners, listener];
    for (const event of this.held.splice(0)) this.deliver(listener, event);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  }

  emit(event: T): void {
    const listeners = this.listeners;
    if (listeners.length === 0) {
      if (this.held.length < MAX_HELD) this.held.push(event);
      return;
    }
    for (let i = 0; i < listeners.length; i++) this.deliver(listeners[i]!, event);
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
