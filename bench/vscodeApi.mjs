/**
 * The `vscode` module as the wire bench's product row (and the unit test of the tab list's
 * listeners) loads it: the tab list and its threads use only EventEmitter and l10n.t of it while
 * streaming. The emitter delivers as VS Code's does — each listener in turn, synchronously, an
 * error in one reported and the others still called, no copy of the listener list per event
 * (VS Code's Emitter keeps a delivery queue instead) — so the bench does not charge the product
 * for a stand-in's allocations. Anything else the row would reach is missing here on purpose, so
 * a new dependency fails loudly instead of measuring a stand-in.
 */
import { vscodeStub } from './activation/vscodeStub.mjs';

export class EventEmitter {
  /** Replaced, never changed in place: a delivery in progress keeps the list it started with. */
  #listeners = [];

  event = (listener, thisArgs, disposables) => {
    const entry = { call: thisArgs === undefined ? listener : (e) => listener.call(thisArgs, e) };
    this.#listeners = [...this.#listeners, entry];
    const subscription = { dispose: () => void (this.#listeners = this.#listeners.filter((l) => l !== entry)) };
    if (Array.isArray(disposables)) disposables.push(subscription);
    return subscription;
  };

  fire(event) {
    const listeners = this.#listeners;
    for (let i = 0; i < listeners.length; i++) {
      try {
        listeners[i].call(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  dispose() {
    this.#listeners = [];
  }
}

const api = vscodeStub(process.cwd(), []);
export const Disposable = api.Disposable;
export const l10n = api.l10n;
