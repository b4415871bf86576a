/**
 * The message composer. Enter sends, Shift+Enter breaks the line, and nothing happens on Enter
 * while an input method is composing. While a turn runs the user may keep typing, but sending
 * waits: Send becomes Stop (and Escape stops), and a hint says so — no hidden queue that might
 * fire a prompt the user forgot about.
 */
import type { AvailableCommand } from '../../src/protocol/events.js';
import type { Attachment, ComposerCapabilities } from '../../src/shared/webviewProtocol.js';
import type { TurnState } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import type { Host } from '../vscodeApi.js';
import type { ViewStateStore } from '../viewState.js';
import { AttachmentChips, readPastedImages } from './attachments.js';
import { SlashPopup } from './slashPopup.js';

const MAX_INPUT_PX = 240;

export class Composer {
  readonly el: HTMLElement;
  readonly input = h('textarea', {
    class: 'composer-input',
    attrs: { rows: '2', 'aria-label': 'Message the agent', placeholder: 'Ask the agent… (/ for commands)' },
  });
  private readonly sendButton = h('button', { class: 'btn btn-primary send', attrs: { type: 'button' } });
  private readonly hint = h('div', { class: 'composer-hint', attrs: { 'aria-live': 'polite' } });
  private readonly chips: AttachmentChips;
  private readonly popup: SlashPopup;
  private turnState: TurnState = 'idle';
  private caps: ComposerCapabilities = { image: false, audio: false, embeddedContext: false };

  constructor(private readonly host: Host, private readonly viewState: ViewStateStore) {
    this.chips = new AttachmentChips(() => this.saveAttachments());
    this.popup = new SlashPopup(this.input, (c) => this.acceptCommand(c));
    const saved = viewState.get();
    this.input.value = saved.draft;
    this.chips.set(saved.attachments, saved.images);

    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.input.addEventListener('input', () => {
      this.viewState.update({ draft: this.input.value });
      this.popup.refresh();
      this.autosize();
    });
    this.input.addEventListener('click', () => this.popup.refresh());
    this.input.addEventListener('blur', () => this.popup.close());
    this.input.addEventListener('paste', (e) => void this.onPaste(e));
    this.sendButton.addEventListener('click', () => (this.running() ? this.host.post({ type: 'cancel' }) : this.send()));

    this.el = h('footer', { class: 'composer' }, [
      this.popup.el,
      this.chips.el,
      h('div', { class: 'composer-box' }, [this.input]),
      h('div', { class: 'composer-actions' }, [
        actionButton('attach-file', 'Attach active file', { icon: 'new-file', text: false, class: 'icon-btn' }),
        actionButton('attach-selection', 'Attach selection', { icon: 'selection', text: false, class: 'icon-btn' }),
        this.hint,
        h('span', { class: 'spacer' }),
        this.sendButton,
      ]),
    ]);
    this.drawSendButton();
    queueMicrotask(() => this.autosize());
  }

  setTurnState(state: TurnState): void {
    this.turnState = state;
    this.drawSendButton();
  }

  setCapabilities(caps: ComposerCapabilities): void {
    this.caps = caps;
  }

  setCommands(commands: readonly AvailableCommand[]): void {
    this.popup.setCommands(commands);
  }

  attach(a: Attachment): void {
    this.chips.add(a);
  }

  focus(): void {
    this.input.focus();
  }

  running(): boolean {
    return this.turnState !== 'idle';
  }

  private onKey(e: KeyboardEvent): void {
    // keyCode 229: some IMEs report the confirming Enter only this way.
    if (e.isComposing || e.keyCode === 229) return;
    if (this.popup.isOpen()) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        this.popup.move(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) {
        e.preventDefault();
        this.popup.accept();
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        this.popup.close();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      this.send();
    }
  }

  private send(): void {
    if (this.running()) {
      this.hint.textContent = 'The agent is still working. Stop it (Esc) or wait; your draft is kept.';
      return;
    }
    const text = this.input.value;
    if (!text.trim() && this.chips.attachments.length === 0 && this.chips.images.length === 0) return;
    this.host.post({ type: 'send', text, attachments: this.chips.attachments.slice(), images: this.chips.images.slice() });
    this.input.value = '';
    this.viewState.update({ draft: '' });
    this.chips.clear();
    this.popup.close();
    this.autosize();
  }

  private acceptCommand(c: AvailableCommand): void {
    const rest = this.input.value.replace(/^\/\S*\s?/, '');
    this.input.value = `/${c.name} ${rest}`;
    const caret = c.name.length + 2;
    this.input.setSelectionRange(caret, caret);
    this.viewState.update({ draft: this.input.value });
    this.hint.textContent = c.inputHint ? `/${c.name}: ${c.inputHint}` : '';
  }

  private async onPaste(e: ClipboardEvent): Promise<void> {
    const hasImage = Array.from(e.clipboardData?.items ?? []).some((i) => i.kind === 'file' && i.type.startsWith('image/'));
    if (!hasImage) return;
    if (!this.caps.image) {
      this.hint.textContent = 'This agent does not accept images.';
      return;
    }
    if (!e.clipboardData?.types.includes('text/plain')) e.preventDefault();
    for (const img of await readPastedImages(e.clipboardData)) this.chips.addImage(img);
  }

  private saveAttachments(): void {
    this.viewState.update({ attachments: this.chips.attachments.slice(), images: this.chips.images.slice() });
  }

  private drawSendButton(): void {
    const running = this.running();
    this.sendButton.replaceChildren(icon(running ? 'debug-stop' : 'send'), h('span', { class: 'btn-label', text: running ? 'Stop' : 'Send' }));
    this.sendButton.className = `btn send ${running ? 'btn-danger' : 'btn-primary'}`;
    this.sendButton.setAttribute('aria-label', running ? 'Stop the agent (Escape)' : 'Send (Enter)');
    this.sendButton.title = running ? 'Stop the agent (Escape)' : 'Send (Enter)';
    this.el?.classList.toggle('running', running);
    if (!running) this.hint.textContent = '';
    else if (!this.hint.textContent) this.hint.textContent = 'Agent is working — Esc to stop. You can keep typing.';
  }

  private autosize(): void {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, MAX_INPUT_PX)}px`;
  }
}
