/**
 * A long, realistic agent answer: prose, lists, headings and fenced code, deterministic. Halfway
 * through comes one very long code block (a whole generated file, ~3,000 lines), the case that
 * stresses an open tail block the most; at a quarter and three quarters come two mid-size blocks
 * (~16 KB of TypeScript with block comments, ~8 KB of Python), long enough that highlighting one
 * at once would be a long task.
 */

function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

const WORDS = ('the agent reads file function returns value update thread render message stream block fence code test ' +
  'session permission tool call output terminal diff plan change user request handler module import export type').split(' ');

export function longMarkdown(bytes: number, seed = 7): string {
  const r = rng(seed);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const sentence = () => {
    const n = 6 + Math.floor(r() * 14);
    const w = Array.from({ length: n }, pick);
    if (r() < 0.2) w[2] = `\`${w[2]}()\``;
    if (r() < 0.1) w[4] = `**${w[4]}**`;
    return w.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
  };
  const parts: string[] = [];
  let size = 0;
  let n = 0;
  let longFence = false;
  let midFences = 0;
  while (size < bytes) {
    let block: string;
    const k = n++ % 8;
    if (midFences === 0 && size > bytes / 4) {
      midFences++;
      const fns = Array.from({ length: 88 }, (_, i) =>
        `/**\n * ${sentence()}\n */\nexport function ${pick()}${i}(${pick()}: number): string {\n  return \`${pick()} \${${pick()}} ${i}\`;\n}\n`);
      block = `\`\`\`typescript\n${fns.join('\n')}\`\`\``;
    } else if (midFences === 1 && size > (bytes * 3) / 4) {
      midFences++;
      const defs = Array.from({ length: 60 }, (_, i) => `def ${pick()}_${i}(${pick()}):\n    """${sentence()}"""\n    return ${pick()}(${i})\n`);
      block = `\`\`\`python\n${defs.join('\n')}\`\`\``;
    } else if (!longFence && size > bytes / 2) {
      longFence = true;
      const lines = Array.from({ length: 3000 }, (_, i) => `  ${pick()}${i}: ${pick()}(${Math.floor(r() * 1000)}, '${pick()} ${pick()}'),`);
      block = `\`\`\`ts\nexport const table = {\n${lines.join('\n')}\n};\n\`\`\``;
    } else if (k === 0) block = `## Section ${n}`;
    else if (k === 3) block = Array.from({ length: 3 + Math.floor(r() * 4) }, () => `- ${sentence()}`).join('\n');
    else if (k === 5) {
      const lines = Array.from({ length: 8 + Math.floor(r() * 20) }, (_, i) => `  const ${pick()}${i} = ${pick()}(${Math.floor(r() * 100)});`);
      block = `\`\`\`ts\nexport function ${pick()}${n}() {\n${lines.join('\n')}\n}\n\`\`\``;
    } else block = Array.from({ length: 2 + Math.floor(r() * 4) }, sentence).join(' ');
    parts.push(block);
    size += block.length + 2;
  }
  return parts.join('\n\n').slice(0, bytes);
}

/** Splits text into `count` chunks of near-equal size, cutting anywhere (mid-word, mid-fence). */
export function chunk(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
