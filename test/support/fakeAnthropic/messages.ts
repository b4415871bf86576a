/**
 * The parts of an Anthropic Messages API request a script decides by, and the reply a script
 * gives, written out the way the API sends it: a JSON message or the `stream: true` SSE events
 * (message_start, content_block_start/delta/stop with text_delta and input_json_delta,
 * message_delta, message_stop).
 */

export interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

export interface MessagesRequest {
  model: string;
  stream?: boolean;
  system?: string | ContentBlock[];
  tools?: { name: string }[];
  messages: { role: 'user' | 'assistant'; content: string | ContentBlock[] }[];
}

/** One block of a scripted answer: text, or a tool use (its id is made up when sent). */
export type ReplyBlock = { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: Record<string, unknown> };

export const text = (t: string): ReplyBlock => ({ type: 'text', text: t });
export const toolUse = (name: string, input: Record<string, unknown>): ReplyBlock => ({ type: 'tool_use', name, input });

const blocksOf = (content: string | ContentBlock[]): ContentBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : content;

/** The system prompt as one string. */
export function systemText(req: MessagesRequest): string {
  if (typeof req.system === 'string') return req.system;
  return (req.system ?? []).map((b) => b.text ?? '').join('\n');
}

/**
 * The request from the last user message with a text that `isPrompt` accepts: the current turn
 * of a conversation that has had several (earlier turns' tool uses are not this turn's).
 */
export function currentTurn(req: MessagesRequest, isPrompt: (text: string) => boolean): MessagesRequest {
  for (let i = req.messages.length - 1; i >= 0; i--) {
    const m = req.messages[i]!;
    if (m.role === 'user' && blocksOf(m.content).some((b) => b.type === 'text' && isPrompt((b.text ?? '').trim()))) {
      return { ...req, messages: req.messages.slice(i) };
    }
  }
  return req;
}

/** Every text the user side sent (the prompt, reminders the CLI adds), in order. */
export function userTexts(req: MessagesRequest): string[] {
  return req.messages.filter((m) => m.role === 'user').flatMap((m) => blocksOf(m.content)).filter((b) => b.type === 'text').map((b) => b.text ?? '');
}

/** Text of a tool result's content (a string or text blocks). */
export function resultText(block: ContentBlock): string {
  if (typeof block.content === 'string') return block.content;
  if (Array.isArray(block.content)) return (block.content as ContentBlock[]).map((b) => b.text ?? '').join('');
  return '';
}

/** The tool uses the assistant made so far, each with its result when the request carries one. */
export function toolHistory(req: MessagesRequest): { name: string; input: unknown; result?: ContentBlock }[] {
  const results = new Map<string, ContentBlock>();
  for (const m of req.messages) {
    if (m.role !== 'user') continue;
    for (const b of blocksOf(m.content)) if (b.type === 'tool_result' && b.tool_use_id) results.set(b.tool_use_id, b);
  }
  const uses: { name: string; input: unknown; result?: ContentBlock }[] = [];
  for (const m of req.messages) {
    if (m.role !== 'assistant') continue;
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_use') uses.push({ name: b.name ?? '', input: b.input, result: results.get(b.id ?? '') });
    }
  }
  return uses;
}

let nextId = 0;
const id = (prefix: string) => `${prefix}_fake${String(++nextId).padStart(6, '0')}`;

function finished(blocks: ReplyBlock[]) {
  return {
    content: blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: id('toolu'), name: b.name, input: b.input })),
    stopReason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
  };
}

const usage = (output: number) => ({ input_tokens: 12, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });

/** The non-streaming answer. */
export function messageJson(model: string, blocks: ReplyBlock[]): unknown {
  const { content, stopReason } = finished(blocks);
  return { id: id('msg'), type: 'message', role: 'assistant', model, content, stop_reason: stopReason, stop_sequence: null, usage: usage(5) };
}

/** The SSE body of the streamed answer: text in a few deltas, tool input as partial JSON in two pieces. */
export function messageEvents(model: string, blocks: ReplyBlock[]): string {
  const { content, stopReason } = finished(blocks);
  const events: string[] = [];
  const event = (type: string, data: Record<string, unknown>) => events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', {
    message: { id: id('msg'), type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: usage(1) },
  });
  content.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const piece of split(block.text ?? '')) event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    } else {
      event('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      for (const piece of split(JSON.stringify(block.input))) event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  event('message_stop', {});
  return events.join('');
}

/** Two halves (at a character boundary), so the client has to join deltas. */
function split(s: string): string[] {
  const chars = [...s];
  const half = Math.ceil(chars.length / 2);
  return chars.length < 2 ? [s] : [chars.slice(0, half).join(''), chars.slice(half).join('')];
}
