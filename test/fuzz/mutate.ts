/**
 * Mutations of a valid JSON value: drop, duplicate or retype fields, huge strings, odd unicode,
 * nested junk, unknown kinds. Each call applies one to three of them at random places.
 */
import type { Prng } from './prng.js';

type Json = unknown;

const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800', // a lone surrogate
  '\uFFFF',
  '\u202E\u202Dright-to-left',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  '<img src=x onerror=alert(1)>',
  '```\n</code></pre><script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  'file:///etc/passwd',
  '\r\n\r\n',
  '%s%n%x',
  'NaN',
  '-1',
];

/** Sets an own property, even `__proto__` (as JSON.parse does), never a prototype. */
function put(node: Record<string, Json>, key: string, value: Json): void {
  // Arrays get elements, not named properties (JSON has no such thing).
  if (Array.isArray(node)) {
    node.push(value);
    return;
  }
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

const keysOf = (value: Json): string[] => (value && typeof value === 'object' ? Object.keys(value as object) : []);

function junk(r: Prng, depth = 0): Json {
  const roll = r.int(depth > 3 ? 7 : 10);
  switch (roll) {
    case 0: return null;
    case 1: return r.chance(0.5);
    case 2: return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_VALUE, 1e-300]);
    case 3: return r.pick(STRANGE_STRINGS);
    case 4: return hugeString(r);
    case 5: return r.pick([[], {}]);
    case 6: return undefined;
    case 7: return Array.from({ length: r.int(4) }, () => junk(r, depth + 1));
    case 8: return Object.fromEntries(Array.from({ length: r.int(4) }, (_, i) => [r.pick(['type', 'text', 'content', 'id', 'toString', `k${i}`]), junk(r, depth + 1)]));
    default: return { type: r.pick(['text', 'image', 'diff', 'terminal', 'content', 'mystery']), nested: junk(r, depth + 1) };
  }
}

function hugeString(r: Prng): string {
  const unit = r.pick(['x', '✓', '\n', '# ', '`', '👍', 'ab\u0000']);
  // Mostly long, sometimes very long: enough to hit every size cap without making each case slow.
  return unit.repeat(r.chance(0.1) ? 100_000 : r.pick([1_000, 10_000]));
}

function retype(value: Json, r: Prng): Json {
  if (typeof value === 'string') return r.pick([42, null, [value], { text: value }, true]);
  if (typeof value === 'number') return r.pick([String(value), -value, NaN, Infinity, null]);
  if (Array.isArray(value)) return r.pick([{ ...value }, value.length, 'array', null]);
  if (value && typeof value === 'object') return r.pick([[value], JSON.stringify(value), 0, null]);
  return junk(r);
}

/** A random path to a node inside `root` (objects and arrays), possibly the root itself. */
function randomContainer(root: Json, r: Prng): Json {
  let node = root;
  for (let depth = 0; depth < 6; depth++) {
    const keys = keysOf(node).filter((k) => {
      const child = (node as Record<string, Json>)[k];
      return child !== null && typeof child === 'object';
    });
    if (keys.length === 0 || r.chance(0.35)) break;
    node = (node as Record<string, Json>)[r.pick(keys)];
  }
  return node;
}

function mutateOnce(root: Json, r: Prng): Json {
  if (!root || typeof root !== 'object' || r.chance(0.03)) return junk(r);
  const node = randomContainer(root, r) as Record<string, Json>;
  const keys = keysOf(node);
  const key = keys.length ? r.pick(keys) : undefined;
  switch (r.int(10)) {
    case 0:
      if (key !== undefined) delete node[key];
      break;
    case 1:
      if (key !== undefined) put(node, `${key}${r.pick(['', '_', 'Id'])}${r.int(3)}`, structuredClone(node[key]));
      break;
    case 2:
      if (key !== undefined) node[key] = retype(node[key], r);
      break;
    case 3:
      if (key !== undefined) node[key] = hugeString(r);
      break;
    case 4:
      if (key !== undefined) node[key] = r.pick(STRANGE_STRINGS);
      break;
    case 5:
      put(node, r.pick(['extra', '_meta', 'type', 'kind', 'status', '__proto__', 'constructor']), junk(r));
      break;
    case 6:
      if (key !== undefined) node[key] = junk(r);
      break;
    case 7:
      if (Array.isArray(node)) {
        if (node.length && r.chance(0.5)) node.push(...Array.from({ length: r.int(50) + 1 }, () => structuredClone(node[0])));
        else node.splice(r.int(node.length + 1), 0, junk(r));
      } else if (key !== undefined) node[key] = [node[key], junk(r)];
      break;
    case 8:
      // An unknown kind, or a known kind on the wrong shape.
      if ('sessionUpdate' in node) node.sessionUpdate = r.pick(['mystery_update', 'tool_call', 'agent_message_chunk', 'plan', 'state_update', '', 7]);
      else if ('type' in node) node.type = r.pick(['mystery', 'text', 'diff', 'terminal', 'content', null]);
      else node.type = 'text';
      break;
    default:
      if (key !== undefined) node[key] = r.pick([undefined, null, {}, []]);
  }
  return root;
}

/** A mutated deep copy (the sample is left alone); sometimes the sample unchanged. */
export function mutate(sample: Json, r: Prng): Json {
  let value = structuredClone(sample);
  if (r.chance(0.15)) return value;
  // Mostly one mutation, so most messages stay close enough to valid to reach the thread.
  const times = r.chance(0.7) ? 1 : 2 + r.int(2);
  for (let i = 0; i < times; i++) value = mutateOnce(value, r);
  return value;
}
