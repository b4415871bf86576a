/**
 * Terminal bytes as plain text for a <pre>: escape sequences (colours, cursor moves, titles) are
 * dropped, a carriage return lets the rest of the line overwrite its start (progress bars), and
 * other control characters go. An escape sequence cut off at the end of the output (the next
 * chunk completes it) is dropped too, so half a sequence never shows.
 */

// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), DCS/SOS/PM/APC strings, two-byte escapes,
// and the C1 CSI form (U+009B). A two-byte escape never ends in a string introducer ([ ] P X ^ _).
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[PX^_][^\u001b]*\u001b\\|\u001b[ -/]*[0-OQ-WYZ\\`-~]/g;
/** An escape sequence that has not ended yet, at the very end of the text. */
const UNFINISHED = /(?:\u001b(?:\[[0-?]*[ -/]*|\][^\u0007\u001b]*|[PX^_][^\u001b]*|[ -/]*)?|\u009b[0-?]*[ -/]*)$/;
/** C0 controls except tab, newline and carriage return (handled below); DEL and C1 controls. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function terminalText(raw: string): string {
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(raw)) return raw;
  const text = raw.replace(ESCAPES, '').replace(UNFINISHED, '').replace(CONTROLS, '');
  if (!text.includes('\r')) return text;
  return text.split('\n').map(overwrite).join('\n');
}

/** "50%\r100%" shows "100%": each carriage return starts the line over, writing over what was there. */
function overwrite(line: string): string {
  if (!line.includes('\r')) return line;
  let shown = '';
  for (const part of line.split('\r')) shown = part + shown.slice(part.length);
  return shown;
}
