// Web-first assertions for the journeys: each one retries until the state it asserts holds or
// the time is up, instead of reading the DOM once. The panel draws a row in the frame after it
// is attached and may replace a row wholesale (a snapshot after a tab switch or a reload), so a
// single read can land in between; a retried read cannot. playwright-core's Locator has no
// `expect`, hence these few, built on waitUntil.
//
//   await expectText(row, /Stopped/);              // innerText matches
//   await expectText(row, 'exit code 3');          // innerText, whitespace folded, equals
//   await expectText(card, /final/, { use: 'textContent' });  // folded (hidden) parts too
//   await expectCount(rows, 3);
//   await expectTexts(badges, ['M', 'A', 'D', 'R']);
//   await expectAttribute(header, 'data-turn-state', 'idle');
//   await expectValue(picker, 'gpt-5');
import { isDeepStrictEqual } from 'node:util';
import { waitUntil } from './wait.mjs';

const DEFAULT_TIMEOUT = 15000;
/** One read must not eat the whole budget (a missing element would wait the page's default timeout). */
const READ_TIMEOUT = 2000;

const fold = (s) => s.replace(/\s+/g, ' ').trim();
const show = (v) => (v instanceof RegExp ? String(v) : JSON.stringify(v));

function matches(actual, expected) {
  if (typeof actual !== 'string') return false;
  if (expected instanceof RegExp) return expected.test(actual);
  if (typeof expected === 'function') return expected(actual);
  return fold(actual) === fold(String(expected));
}

/**
 * Retries `read` until `holds(value)`; returns the value that held. The error names what was
 * awaited (`expected`, for the message) and the last value seen, so a failure reads like an assertion.
 */
async function retry(read, holds, expected, { timeout = DEFAULT_TIMEOUT, message, what }) {
  let last;
  let seen = false;
  try {
    return await waitUntil(async () => {
      last = await read();
      seen = true;
      return holds(last) ? { value: last } : false;
    }, { timeout, interval: 100, message: message ?? what }).then((r) => r.value);
  } catch (e) {
    const err = new Error(`${message ?? what}: expected ${show(expected)}, last saw ${seen ? show(last) : 'nothing'} (after ${timeout} ms)\n  ${e.message}`);
    err.name = 'AssertionError';
    throw err;
  }
}

/** The locator resolved to one element now, or undefined when it has none (yet). */
async function one(locator, read) {
  if ((await locator.count()) === 0) return undefined;
  return read(locator);
}

/**
 * Waits until the element's text matches: a RegExp is tested, a string must equal the text
 * with whitespace folded, a function is called with the text. `use: 'textContent'` reads the
 * DOM text (parts folded away or scrolled out of layout included) instead of the rendered text.
 */
export function expectText(locator, expected, { use = 'innerText', ...opts } = {}) {
  const read = (l) => (use === 'textContent' ? l.textContent({ timeout: READ_TIMEOUT }) : l.innerText({ timeout: READ_TIMEOUT }));
  return retry(() => one(locator, read), (t) => matches(t, expected), expected, { what: `text of ${locator}`, ...opts });
}

/** Waits until the locator matches exactly `n` elements. */
export function expectCount(locator, n, opts = {}) {
  return retry(() => locator.count(), (c) => c === n, n, { what: `count of ${locator}`, ...opts });
}

/** Waits until the texts of all matching elements (each whitespace-folded) equal `expected`, in order. */
export function expectTexts(locator, expected, { use = 'innerText', ...opts } = {}) {
  const read = () => (use === 'textContent'
    ? locator.evaluateAll((els) => els.map((e) => e.textContent ?? ''))
    : locator.allInnerTexts());
  return retry(async () => (await read()).map(fold), (texts) => isDeepStrictEqual(texts, expected.map(fold)), expected,
    { what: `texts of ${locator}`, ...opts });
}

/** Waits until an attribute matches (RegExp, exact string, function, or null for absent). */
export function expectAttribute(locator, name, expected, opts = {}) {
  const holds = expected === null ? (v) => v === null : (v) => matches(v, expected);
  return retry(() => one(locator, (l) => l.getAttribute(name, { timeout: READ_TIMEOUT })), holds, expected,
    { what: `attribute ${name} of ${locator}`, ...opts });
}

/** Waits until an input or select has the value. */
export function expectValue(locator, expected, opts = {}) {
  return retry(() => one(locator, (l) => l.inputValue({ timeout: READ_TIMEOUT })), (v) => matches(v, expected), expected,
    { what: `value of ${locator}`, ...opts });
}

/** Waits until `read()` (any async getter, e.g. a file or the editor's text) satisfies `expected`. */
export function expectValueOf(read, expected, { what = 'value', ...opts } = {}) {
  const holds = typeof expected === 'function' ? expected
    : expected instanceof RegExp ? (v) => typeof v === 'string' && expected.test(v) : (v) => isDeepStrictEqual(v, expected);
  return retry(read, holds, expected, { what, ...opts });
}
