/**
 * Tells screen-reader users that a turn finished and what the agent said, once per turn,
 * instead of reading streamed text as it arrives.
 */
import type { TurnState } from '../../src/thread/types.js';
import type { Announcer } from './announcer.js';
import type { ThreadStore } from '../thread/store.js';
import { t } from '../l10n.js';

export class TurnAnnouncer {
  private state: TurnState = 'idle';

  constructor(private readonly announcer: Announcer, private readonly store: ThreadStore) {}

  reset(state: TurnState): void {
    this.state = state;
  }

  turnState(next: TurnState): void {
    const was = this.state;
    this.state = next;
    if (was === next) return;
    if (next === 'running' && was === 'idle') this.announcer.say(t('Agent is working'));
    if (next === 'idle' && was !== 'idle') this.announcer.say(t('Agent finished. {0}', this.lastAgentText()));
  }

  private lastAgentText(): string {
    const entries = this.store.all();
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (e.type === 'user') return '';
      if (e.type === 'agent') {
        const text = e.content.map((b) => (b.type === 'text' ? b.text : '')).join(' ');
        return text.length > 300 ? `${text.slice(0, 300)}…` : text;
      }
    }
    return '';
  }
}
