/**
 * Screen-reader announcements through live regions. Streaming text is not read chunk by chunk
 * (that would be noise): callers announce finished things, and repeated polite messages within
 * a short window collapse into the latest one.
 */
import { h } from '../dom.js';

const POLITE_GAP_MS = 1000;

export class Announcer {
  readonly el: HTMLElement;
  private readonly polite: HTMLElement;
  private readonly assertive: HTMLElement;
  private pending: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastAt = 0;
  private readonly alerted = new Set<string>();

  constructor() {
    this.polite = h('div', { class: 'sr-only', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
    this.assertive = h('div', { class: 'sr-only', attrs: { role: 'alert', 'aria-live': 'assertive', 'aria-atomic': 'true' } });
    this.el = h('div', { class: 'announcer' }, [this.polite, this.assertive]);
  }

  /** Polite, throttled: for finished messages and state changes. */
  say(text: string): void {
    this.pending = clip(text);
    const wait = Math.max(0, this.lastAt + POLITE_GAP_MS - Date.now());
    if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Assertive, immediate: for things that block the agent (a permission request). */
  alert(text: string): void {
    this.assertive.textContent = clip(text);
  }

  /**
   * `alert`, once per `key` until `forgetAlerts`: a request whose row leaves a long thread's
   * window and comes back (its view drawn again) is not announced a second time. A new thread
   * (a tab shown, a reload) forgets, and announces what is still waiting.
   */
  alertOnce(key: string, text: string): void {
    if (this.alerted.has(key)) return;
    this.alerted.add(key);
    this.alert(text);
  }

  forgetAlerts(): void {
    this.alerted.clear();
  }

  private flush(): void {
    this.timer = undefined;
    if (this.pending === undefined) return;
    this.polite.textContent = this.pending;
    this.pending = undefined;
    this.lastAt = Date.now();
  }
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 400 ? t.slice(0, 400) + '…' : t;
}
