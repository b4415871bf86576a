/**
 * Where normalised events end up in the full pipeline: the thread model (src/thread/reducer.ts),
 * loaded lazily so the wire benchmark still runs (counting events instead) if the reducer is
 * missing or broken. The label says which one was measured.
 */
import type { SessionEvent } from '../src/protocol/events.js';

export interface EventSink {
  label: string;
  apply(event: SessionEvent): void;
}

type ModelCtor = new () => { apply(event: SessionEvent): unknown };

let ctor: ModelCtor | null | undefined;

export async function createSink(): Promise<EventSink> {
  if (ctor === undefined) {
    try {
      ctor = ((await import('../src/thread/reducer.js')) as { ThreadModel: ModelCtor }).ThreadModel;
    } catch {
      ctor = null;
    }
  }
  if (ctor) {
    const model = new ctor();
    return { label: 'ThreadModel.apply', apply: (e) => void model.apply(e) };
  }
  let counted = 0;
  return { label: 'event count (reducer unavailable)', apply: () => void counted++ };
}
