/**
 * The tool's programmatic name (`name` on a tool call: "Bash", "mcp__github__create_issue")
 * beside its title, when the agent gives one that the title does not already say: it tells
 * apart calls whose titles read alike, and it is what an auto-approve rule for the tool names.
 */
import { h } from '../../dom.js';
import { t } from '../../l10n.js';

export function toolNameView(): HTMLElement {
  return h('code', { class: 'tool-name' });
}

export function patchToolName(el: HTMLElement, name: string | null | undefined, title: string): void {
  const shown = !!name && name !== title;
  el.hidden = !shown;
  el.textContent = shown ? name : '';
  if (shown) el.title = t('Tool: {0}', name);
  else el.removeAttribute('title');
}
