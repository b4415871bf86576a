/**
 * The message composer. Enter sends, Shift+Enter breaks the line, and nothing happens on Enter
 * while an input method is composing. While a turn runs, Send becomes Stop (and Escape stops)
 * and Enter — or the Queue button — queues the message: it shows above the input as a pending
 * message the user can edit or remove, and the host sends it when the turn ends normally. A
 * turn that was stopped or failed holds the queue until the user says Send.
 */
import type { AvailableCommand } from '../../src/protocol/events.js';
import type { Attachment, ComposerCapabilities, QueuedPrompt } from '../../src/shared/webviewProtocol.js';
import type { TurnState } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import { t } from '../l10n.js';
import type { Host } from '../vscodeApi.js';
import type { ViewStateStore } from '../viewState.js';
import { AttachmentChips, readPastedImages } from './attachments.js';
import { QueueList } from './queueList.js';
import { SlashPopup } from './slashPopup.js';
import { MentionPopup } from './mentionPopup.js';
import type { MentionToken } from './mentionPopup.js';
import { droppedUris } from './drop.js';
import { SendMenu, type SendWay } from './sendMenu.js';

const MAX_INPUT_PX = 240;
/** The host keeps at most this many per tab (src/vscode/tabs/promptQueue.ts MAX_QUEUED). */
const MAX_QUEUED = 5;

export class Composer {
  readonly el: HTMLElement;
  readonly input = h('textarea', {
    class: 'composer-input',
    attrs: { rows: '2', 'aria-label': t('Message the agent'), placeholder: t('Ask the agent… (/ for commands, @ to mention)') },
  });
  private readonly sendButton = h('button', { class: 'btn btn-primary send', attrs: { type: 'button' } });
  /** While a turn runs: Queue, and the menu that also offers Steer and Stop and send. */
  private readonly sendMenu = new SendMenu((way) => {
    this.send(way);
    this.input.focus();
  });
  private readonly hint = h('div', { class: 'composer-hint', attrs: { 'aria-live': 'polite' } });
  readonly queue: QueueList;
  private readonly chips: AttachmentChips;
  private readonly popup: SlashPopup;
  private readonly mentions: MentionPopup;
  private turnState: TurnState = 'idle';
  private caps: ComposerCapabilities = { image: false, audio: false, embeddedContext: false };

  /** When the host was last told the user types (it holds "follow the agent" reveals meanwhile). */
  private typingToldAt = 0;

  constructor(private readonly host: Host, private readonly viewState: ViewStateStore) {
    this.chips = new AttachmentChips(() => this.saveAttachments());
    this.popup = new SlashPopup(this.input, (c) => this.acceptCommand(c));
    this.mentions = new MentionPopup(this.input, host, (item, token) => this.acceptMention(item, token));
    this.queue = new QueueList({
      edit: (item) => this.editQueued(item),
      remove: (item) => {
        this.host.post({ type: 'unqueuePrompt', id: item.id });
        this.input.focus();
      },
      sendNow: (item) => {
        this.host.post({ type: 'sendQueued', id: item.id });
        // The item leaves the list once sent: keep focus somewhere useful.
        this.input.focus();
      },
    });
    const saved = viewState.get();
    this.input.value = saved.draft;
    this.chips.set(saved.attachments, saved.images);

    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.input.addEventListener('input', () => {
      this.viewState.update({ draft: this.input.value });
      this.popup.refresh();
      this.mentions.refresh();
      this.autosize();
      this.tellTyping();
    });
    this.input.addEventListener('click', () => {
      this.popup.refresh();
      this.mentions.refresh();
    });
    this.input.addEventListener('blur', () => {
      this.popup.close();
      this.mentions.close();
    });
    this.input.addEventListener('paste', (e) => void this.onPaste(e));
    this.sendButton.addEventListener('click', () => (this.running() ? this.host.post({ type: 'cancel' }) : this.send()));

    this.el = h('footer', { class: 'composer' }, [
      this.popup.el,
      this.mentions.el,
      this.queue.el,
      this.chips.el,
      h('div', { class: 'composer-box' }, [this.input]),
      h('div', { class: 'composer-actions' }, [
        actionButton('attach-file', t('Attach active file'), { icon: 'new-file', text: false, class: 'icon-btn' }),
        actionButton('attach-selection', t('Attach selection'), { icon: 'selection', text: false, class: 'icon-btn' }),
        this.hint,
        h('span', { class: 'spacer' }),
        this.sendMenu.el,
        this.sendButton,
      ]),
    ]);
    this.el.addEventListener('dragover', (e) => this.onDragOver(e));
    this.el.addEventListener('dragleave', () => this.el.classList.remove('drop-target'));
    this.el.addEventListener('drop', (e) => this.onDrop(e));
    this.drawSendButton();
    queueMicrotask(() => this.autosize());
  }

  /** The host's matches for the `@` being typed. */
  mentionResults(id: number, items: readonly Attachment[]): void {
    this.mentions.results(id, items);
  }

  setTurnState(state: TurnState): void {
    this.turnState = state;
    this.drawSendButton();
  }

  /** The shown tab's queue, as the host keeps it. */
  setQueue(items: readonly QueuedPrompt[]): void {
    const before = new Map(this.queue.all.map((i) => [i.id, i.state]));
    this.queue.set(items);
    const held = items.find((i) => i.state === 'held' && before.get(i.id) === 'queued');
    if (held) this.hint.textContent = t('Queued message not sent: {0}. Send it or remove it.', held.heldReason ?? t('the turn did not finish'));
    else if (items.some((i) => !before.has(i.id))) this.hint.textContent = t('Message queued: it is sent when the agent finishes.');
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

  /** Replaces the draft with `text` (an example the agent offers) and focuses it; the user sends. */
  setDraft(text: string): void {
    this.input.value = text;
    this.input.dispatchEvent(new Event('input'));
    this.input.focus();
    this.input.setSelectionRange(text.length, text.length);
  }

  running(): boolean {
    return this.turnState !== 'idle';
  }

  private onKey(e: KeyboardEvent): void {
    // keyCode 229: some IMEs report the confirming Enter only this way.
    if (e.isComposing || e.keyCode === 229) return;
    const popup = this.popup.isOpen() ? this.popup : this.mentions.isOpen() ? this.mentions : undefined;
    if (popup) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        popup.move(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) {
        e.preventDefault();
        popup.accept();
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        if (popup === this.mentions) this.mentions.dismiss();
        else this.popup.close();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      this.send();
    }
  }

  /** Enter or a send button: while a turn runs `way` says what happens to the message (Enter queues). */
  private send(way: SendWay = 'queue'): void {
    const text = this.input.value;
    if (!text.trim() && this.chips.attachments.length === 0 && this.chips.images.length === 0) return;
    const prompt = { text, attachments: this.chips.attachments.slice(), images: this.chips.images.slice() };
    if (this.running() && way !== 'queue') {
      this.host.post({ type: 'sendWhileWorking', how: way, ...prompt });
      this.hint.textContent = way === 'steer' ? t('Steering: your message goes to the agent now.') : t('Stopping the turn, then sending your message.');
    } else if (this.running()) {
      if (this.queue.length >= MAX_QUEUED) {
        this.hint.textContent = t('{0} messages are queued already; your draft is kept.', MAX_QUEUED);
        return;
      }
      this.host.post({ type: 'queuePrompt', ...prompt });
    } else {
      this.host.post({ type: 'send', ...prompt });
    }
    this.input.value = '';
    this.viewState.update({ draft: '' });
    this.chips.clear();
    this.popup.close();
    this.mentions.close();
    this.autosize();
  }

  /** Takes a queued message back into the input (before any draft) with its attachments. */
  private editQueued(item: QueuedPrompt): void {
    this.host.post({ type: 'unqueuePrompt', id: item.id });
    this.takeBack(item);
  }

  /** A message that was not sent (the host held it back) goes back into the input, before any draft, with its attachments. */
  takeBack(item: Pick<QueuedPrompt, 'text' | 'attachments' | 'images'>): void {
    const draft = this.input.value;
    this.input.value = draft.trim() ? `${item.text}\n\n${draft}` : item.text;
    for (const a of item.attachments) this.chips.add(a);
    for (const img of item.images) this.chips.addImage(img);
    this.viewState.update({ draft: this.input.value });
    this.autosize();
    this.input.focus();
    this.input.setSelectionRange(item.text.length, item.text.length);
  }

  private acceptCommand(c: AvailableCommand): void {
    const rest = this.input.value.replace(/^\/\S*\s?/, '');
    this.input.value = `/${c.name} ${rest}`;
    const caret = c.name.length + 2;
    this.input.setSelectionRange(caret, caret);
    this.viewState.update({ draft: this.input.value });
    this.hint.textContent = c.inputHint ? `/${c.name}: ${c.inputHint}` : '';
  }

  /** A picked mention: the typed `@query` becomes `@name` in the text and the item a chip. */
  private acceptMention(item: Attachment, token: MentionToken): void {
    const v = this.input.value;
    const word = `@${item.name} `;
    const after = v.slice(token.end).replace(/^ /, '');
    this.input.value = v.slice(0, token.start) + word + after;
    const caret = token.start + word.length;
    this.input.setSelectionRange(caret, caret);
    this.viewState.update({ draft: this.input.value });
    this.chips.add(item);
    this.autosize();
  }

  private onDragOver(e: DragEvent): void {
    const types = Array.from(e.dataTransfer?.types ?? []);
    if (!types.includes('text/uri-list') && !types.includes('application/vnd.code.uri-list')) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    this.el.classList.add('drop-target');
  }

  private onDrop(e: DragEvent): void {
    this.el.classList.remove('drop-target');
    const uris = droppedUris(e.dataTransfer);
    if (uris.length === 0) return;
    e.preventDefault();
    // The host adds a chip for each one inside the workspace and says which it left out.
    this.host.post({ type: 'dropUris', uris });
    this.input.focus();
  }

  private async onPaste(e: ClipboardEvent): Promise<void> {
    const hasImage = Array.from(e.clipboardData?.items ?? []).some((i) => i.kind === 'file' && i.type.startsWith('image/'));
    if (!hasImage) return;
    if (!this.caps.image) {
      this.hint.textContent = t('This agent does not accept images.');
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
    this.sendButton.replaceChildren(icon(running ? 'debug-stop' : 'send'), h('span', { class: 'btn-label', text: running ? t('Stop') : t('Send') }));
    this.sendButton.className = `btn send ${running ? 'btn-danger' : 'btn-primary'}`;
    const label = running ? t('Stop the agent (Escape)') : t('Send (Enter)');
    this.sendButton.setAttribute('aria-label', label);
    this.sendButton.title = label;
    this.sendMenu.hidden = !running;
    this.el?.classList.toggle('running', running);
    if (!running) this.hint.textContent = '';
    else if (!this.hint.textContent) this.hint.textContent = t('Agent is working — Enter queues your message, Esc stops.');
  }

  /** At most one `composerTyping` per 300 ms: the host's quiet window is longer, so none is missed. */
  private tellTyping(): void {
    const now = Date.now();
    if (now - this.typingToldAt < 300) return;
    this.typingToldAt = now;
    this.host.post({ type: 'composerTyping' });
  }

  private autosize(): void {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, MAX_INPUT_PX)}px`;
  }
}
