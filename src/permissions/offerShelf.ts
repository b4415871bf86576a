/**
 * The rules cards offer, kept on the host under an id: the card (and the webview) see only the
 * id and the words, and "Always allow …" makes exactly the rule that was computed for that
 * request, never one the page describes. Bounded: old offers of long-answered cards drop off.
 */
import type { RuleOfferView } from '../protocol/events.js';
import type { PermissionAdvice, RuleOffer } from './advisor.js';

/** What the session is told: answer with a rule, or ask with the offer's id and words. */
export type SessionAdvice =
  | { kind: 'answer'; optionId: string; rule: { id: string; title: string } }
  | { kind: 'ask'; offer?: RuleOfferView };

const MAX_OFFERS = 200;

export class OfferShelf {
  private readonly offers = new Map<string, RuleOffer>();
  private next = 1;

  /** The advice with its offer shelved. */
  shelve(advice: PermissionAdvice): SessionAdvice {
    if (advice.kind === 'answer' || !advice.offer) return advice.kind === 'answer' ? advice : { kind: 'ask' };
    const id = `offer-${this.next++}`;
    this.offers.set(id, advice.offer);
    if (this.offers.size > MAX_OFFERS) this.offers.delete(this.offers.keys().next().value!);
    return { kind: 'ask', offer: { id, title: advice.offer.title, words: advice.offer.words, optionId: advice.offer.optionId } };
  }

  /** The offer once: taking it makes the rule. */
  take(id: string): RuleOffer | undefined {
    const offer = this.offers.get(id);
    this.offers.delete(id);
    return offer;
  }
}
