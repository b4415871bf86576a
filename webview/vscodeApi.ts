/**
 * The one place that touches `acquireVsCodeApi`. It may be called only once per page load,
 * so everything else receives the `Host` made here.
 */
import type { WebviewToHost } from '../src/shared/webviewProtocol.js';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): unknown;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface Host {
  post(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export function connectHost(): Host {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    getState: () => api.getState(),
    setState: (state) => void api.setState(state),
  };
}
