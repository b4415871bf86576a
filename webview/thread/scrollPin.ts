/**
 * Where the thread's view is, and whether it follows the bottom.
 *
 * Following the bottom: while `follow` holds, every drawing pass and every change in a row's
 * size (a ResizeObserver) pins the view to the bottom. Long replies are pages whose off-screen
 * parts use placeholder heights (`content-visibility`, `.md-page` / `.md-volume`), so the
 * bottom moves after each scroll as pages coming into view render at their real size; the
 * scroll event of a pin that landed short is not at the bottom, yet it moved down, and only a
 * move up ends following. Scroll anchoring is off while following (class `following`), so a
 * row above changing size cannot move the view up either: only the user does that (wheel,
 * keys, scrollbar, find, focus). Reaching the bottom again turns following back on.
 *
 * Opening a card by hand is the user looking at that card: following ends as if they had
 * scrolled up (`hold`), even when the view is still at the bottom, and being at the bottom does
 * not start it again while the card grows there; only the user moving the view down to the
 * bottom does.
 */

/** Where the user was: the pixel position, and for a long thread the row at the top and its offset. */
export interface SavedScroll {
  scrollTop: number;
  atBottom: boolean;
  anchorId?: string;
  anchorOffset?: number;
}

const BOTTOM_SLACK_PX = 40;

export class ScrollPin {
  follow = true;
  /** The user opened something while here: the bottom does not take the view back until they move down to it. */
  held = false;
  /** The scroll position last seen or set by us: a scroll event above it is the user moving up. */
  lastTop = 0;

  constructor(private readonly el: HTMLElement) {}

  setFollow(follow: boolean): void {
    if (follow) this.held = false;
    this.follow = follow;
    this.el.classList.toggle('following', follow);
  }

  /** The user opened a card (or any fold) in the thread: the view stays on it. */
  hold(): void {
    this.held = true;
    this.setFollow(false);
  }

  /** A scroll event: reaching the bottom follows again, moving up ends following. True at the bottom. */
  scrolled(): boolean {
    const top = this.el.scrollTop;
    const atBottom = this.isAtBottom();
    // Held, the view reaching the bottom only counts when it moved down (the user went there).
    if (atBottom && (!this.held || top > this.lastTop)) this.setFollow(true);
    else if (top < this.lastTop) this.setFollow(false);
    this.lastTop = top;
    return atBottom;
  }

  /**
   * The view moved up and its scroll event is not out yet (a jump to the top, drawn or resized
   * before the event): the user left the bottom, which ends following before anything pins it.
   */
  movedUp(windowed: boolean): boolean {
    // Only a long thread's window jumps this way; a short one keeps to the scroll events alone
    // (a long reply's pages settling their heights move scrollTop too, without the user).
    if (!windowed || this.el.scrollTop >= this.lastTop - 1 || this.isAtBottom()) return false;
    this.setFollow(false);
    return true;
  }

  isAtBottom(): boolean {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < BOTTOM_SLACK_PX;
  }

  scrollToBottom(): void {
    this.el.scrollTop = this.el.scrollHeight;
    // Our own move, like scrollBackTo's: its scroll event must not read as the user moving up
    // (a pin lands higher than the last one when rows above shrink back to their placeholder
    // height once laid out off screen).
    this.lastTop = this.el.scrollTop;
    this.setFollow(true);
  }

  /** Back where the user was: the same row (`anchor`, long threads) at the same offset, else the same pixel. */
  scrollBackTo(saved: SavedScroll, anchor: HTMLElement | undefined): void {
    if (anchor) this.el.scrollTop += anchor.getBoundingClientRect().top - this.el.getBoundingClientRect().top - (saved.anchorOffset ?? 0);
    else this.el.scrollTop = saved.scrollTop;
    this.lastTop = this.el.scrollTop;
    this.setFollow(this.isAtBottom());
  }
}
