/**
 * Finds where a streamed Markdown text can be cut into blocks that will never change again.
 *
 * A cut is safe where the text before it is a complete run of blocks no matter what follows:
 * after a blank line whose next line starts in column 0 (so it cannot continue a list item or an
 * indented code block), and after the closing line of a column-0 code fence. Nothing inside an
 * open fence is ever a cut, so a fence split across chunks stays one code block.
 *
 * Pure (no DOM) so it can be tested in node.
 */

export interface Fence {
  char: '`' | '~';
  length: number;
  indent: number;
}

const FENCE_OPEN = /^( *)(`{3,}|~{3,})([^`]*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const BLANK = /^[ \t]*$/;

/**
 * Offsets (each the start of a line) at which `text` may be cut. `text` must itself start at a
 * block boundary, outside any fence. Only newline-terminated lines are judged, except that the
 * first character of a following line is enough to confirm a cut after a blank line.
 */
export function findBlockBoundaries(text: string): number[] {
  return scanBlocks(text).cuts;
}

export interface BlockScan {
  cuts: number[];
  /** The text ends inside a code fence (its content is still arriving). */
  openFence: boolean;
}

export function scanBlocks(text: string): BlockScan {
  const cuts: number[] = [];
  let fence: Fence | null = null;
  let afterBlank = false;
  let pos = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const complete = nl >= 0;
    const end = complete ? nl : text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(pos, end - 1) : text.slice(pos, end);

    if (fence) {
      // markdown-it closes a fence on a last line without its newline too: the block is complete
      // as it stands (and is highlighted); more text on that line re-renders the tail anyway.
      if (!complete) {
        if (closesFence(line, fence)) fence = null;
        break;
      }
      if (closesFence(line, fence)) {
        if (fence.indent === 0) cuts.push(nl + 1);
        fence = null;
      }
      afterBlank = false;
    } else if (BLANK.test(line)) {
      if (!complete) break;
      afterBlank = true;
    } else {
      if (afterBlank && line[0] !== ' ' && line[0] !== '\t' && pos > 0) pushCut(cuts, pos);
      afterBlank = false;
      if (!complete) break;
      const open = FENCE_OPEN.exec(line);
      if (open && !(open[2]![0] === '`' && open[3]!.includes('`'))) {
        fence = { char: open[2]![0] as '`' | '~', length: open[2]!.length, indent: open[1]!.length };
      }
    }
    pos = nl + 1;
  }
  return { cuts, openFence: fence !== null };
}

/**
 * The code fence opened by the first line of `text`, when that line is complete and is a column-0
 * fence opener; `end` is where its content starts. Lets an open fence be grown without rescanning.
 */
export function leadingFence(text: string): { fence: Fence; end: number } | null {
  const nl = text.indexOf('\n');
  if (nl < 0) return null;
  const open = FENCE_OPEN.exec(text.slice(0, nl));
  if (!open || open[1]!.length !== 0 || (open[2]![0] === '`' && open[3]!.includes('`'))) return null;
  return { fence: { char: open[2]![0] as '`' | '~', length: open[2]!.length, indent: 0 }, end: nl + 1 };
}

/** Whether `line` (without its newline) closes `fence`. */
export function closesFence(line: string, fence: Fence): boolean {
  const close = FENCE_CLOSE.exec(line);
  return !!close && close[1]![0] === fence.char && close[1]!.length >= fence.length;
}

function pushCut(cuts: number[], at: number): void {
  if (cuts[cuts.length - 1] !== at) cuts.push(at);
}
