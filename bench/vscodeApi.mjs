/**
 * The `vscode` module as the wire bench's product row loads it: the tab list and its threads use
 * only EventEmitter and l10n.t of it while streaming (the emitters of the activation bench's
 * stand-in, which fire the way VS Code's do: each listener in turn, synchronously). Anything else
 * the row would reach is missing here on purpose, so a new dependency fails loudly, not silently.
 */
import { vscodeStub } from './activation/vscodeStub.mjs';

const api = vscodeStub(process.cwd(), []);
export const EventEmitter = api.EventEmitter;
export const Disposable = api.Disposable;
export const l10n = api.l10n;
