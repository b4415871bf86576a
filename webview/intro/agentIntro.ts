/**
 * "What this agent can do": an empty thread of an agent that describes itself (a remote agent's
 * card) shows its description and skills. Each example is a button that puts its text into the
 * composer for the user to edit or send; nothing is sent from here. Card text is the agent's
 * words, so it is set as text only, never parsed as HTML or Markdown.
 */
import '../styles/intro.css';
import type { AgentAbout, AgentStatus } from '../../src/shared/webviewProtocol.js';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';

export class AgentIntro {
  readonly el = h('section', { class: 'agent-intro', attrs: { 'aria-label': t('What this agent can do') } });
  private sig = '';

  /** `useExample` gets an example's text when its button is pressed. */
  constructor(private readonly useExample: (text: string) => void) {
    this.el.hidden = true;
  }

  /** Shown while the thread is empty and the ready agent has something to say about itself. */
  set(agent: AgentStatus, threadEmpty: boolean): void {
    const about = agent.state === 'ready' ? agent.about : undefined;
    const show = threadEmpty && about !== undefined && (about.description !== undefined || about.skills.length > 0);
    this.el.hidden = !show;
    if (!show) return;
    const title = agent.state === 'ready' ? agent.agentTitle || agent.agentName : '';
    const sig = JSON.stringify([title, about]);
    if (sig === this.sig) return;
    this.sig = sig;
    this.el.replaceChildren(...this.draw(title, about));
  }

  private draw(title: string, about: AgentAbout): HTMLElement[] {
    const out: HTMLElement[] = [h('h2', { class: 'intro-title', text: title })];
    if (about.description) out.push(h('p', { class: 'intro-description', text: about.description }));
    if (about.skills.length === 0) return out;
    out.push(h('h3', { class: 'intro-heading', text: t('What this agent can do') }));
    out.push(h('ul', { class: 'intro-skills' }, about.skills.map((skill) => h('li', { class: 'intro-skill' }, [
      h('div', { class: 'skill-name', text: skill.name }),
      skill.description ? h('div', { class: 'skill-description', text: skill.description }) : null,
      skill.examples.length ? h('div', { class: 'skill-examples' }, skill.examples.map((example) => this.exampleButton(example))) : null,
    ]))));
    return out;
  }

  private exampleButton(text: string): HTMLButtonElement {
    const b = h('button', {
      class: 'btn intro-example',
      title: t('Put this example into the message box'),
      attrs: { type: 'button', 'aria-label': t('Use example: {0}', text) },
    }, [icon('lightbulb'), h('span', { class: 'btn-label', text })]);
    b.addEventListener('click', () => this.useExample(text));
    return b;
  }
}
