/**
 * A caret that rests: a text field's caret blinks while the user works in it, and holds still
 * (shown, not blinking) once they have left it alone for a few seconds, as desktop carets do
 * (Windows stops after 5 s, GTK after 10 s).
 *
 * Why: each blink is a frame of the whole page in Chromium — style, layout, resize observers,
 * paint, commit, raster, draw in the renderer, GPU and browser processes. With the composer
 * focused and nothing happening (the user reading an answer), blinking was the whole of the
 * panel's idle cost over an empty page: about 60 ms of CPU per 10 s against none at rest
 * (`npm run bench -- idle`).
 *
 * How: `caret-animation: manual` on the focused field (styles/base.css, `[data-caret-rest]`),
 * set by one timer after the last keystroke, click or focus and cleared by the next. Where the
 * engine lacks the property the caret blinks as before.
 */

/** Blinking time after the last keystroke, click or focus. */
export const CARET_BLINK_MS = 5_000;
const ATTRIBUTE = 'data-caret-rest';

const isTextField = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(el.type)) || (el instanceof HTMLElement && el.isContentEditable);

export function installCaretRest(doc: Document = document, blinkMs = CARET_BLINK_MS): void {
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resting: HTMLElement | undefined;

  const wake = (): void => {
    resting?.removeAttribute(ATTRIBUTE);
    resting = undefined;
  };
  // One timer per rest, not one per keystroke: when it fires early it waits out the remainder.
  const check = (): void => {
    timer = undefined;
    const field = doc.activeElement;
    if (!isTextField(field)) return;
    const left = lastActivity + blinkMs - performance.now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    resting = field;
    field.setAttribute(ATTRIBUTE, '');
  };
  const activity = (): void => {
    lastActivity = performance.now();
    wake();
    if (timer === undefined && isTextField(doc.activeElement)) timer = setTimeout(check, blinkMs);
  };

  for (const type of ['focusin', 'keydown', 'input', 'pointerdown', 'compositionupdate']) doc.addEventListener(type, activity, true);
  doc.addEventListener('focusout', wake, true);
}
