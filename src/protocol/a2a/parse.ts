/**
 * One JSON-RPC `result` (a blocking answer, one SSE event, a `tasks/get` answer) of either A2A
 * version → `A2aUpdate`. The version is told by the shape: v1.0 wraps in
 * `{task|statusUpdate|artifactUpdate|message}`, v0.3 tags with `kind` (a bare task with `id` and
 * `status`, as in the seed's blocking answers, is v0.3 too). Never throws: what does not fit is
 * an `unknown` update with a reason, for the log.
 */
import type { z } from 'zod';
import { artifactUpdateV03, artifactV03, statusUpdateV03, taskV03 } from './schemas/v03.js';
import { artifactUpdateV10, artifactV10, statusUpdateV10, taskV10 } from './schemas/v10.js';
import { parseMessage, parsePart } from './parts.js';
import type { A2aArtifact, A2aState, A2aUpdate } from './update.js';

const STATES: Record<string, A2aState> = {
  submitted: 'submitted',
  working: 'working',
  'input-required': 'input_required',
  'auth-required': 'auth_required',
  completed: 'completed',
  canceled: 'canceled',
  cancelled: 'canceled',
  rejected: 'rejected',
  failed: 'failed',
};

/** `input-required`, `TASK_STATE_INPUT_REQUIRED` → `input_required`; anything else → unknown. */
export function parseState(raw: string): A2aState {
  const name = raw.startsWith('TASK_STATE_') ? raw.slice('TASK_STATE_'.length).toLowerCase().replace(/_/g, '-') : raw.toLowerCase();
  return STATES[name] ?? 'unknown';
}

export function parseResult(result: unknown): A2aUpdate {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    return { type: 'unknown', raw: result, reason: 'not an object' };
  }
  const o = result as Record<string, unknown>;
  if (typeof o.kind === 'string') return parseV03(o, o.kind);
  if ('task' in o) return parseTask(o.task, taskV10);
  if ('statusUpdate' in o) return parseStatus(o.statusUpdate, statusUpdateV10);
  if ('artifactUpdate' in o) return parseArtifactUpdate(o.artifactUpdate, artifactUpdateV10);
  if ('message' in o) return parseMessageUpdate(o.message);
  if ('id' in o && 'status' in o) return parseTask(o, taskV03);
  return { type: 'unknown', raw: result, reason: 'no known event shape' };
}

function parseV03(o: Record<string, unknown>, kind: string): A2aUpdate {
  switch (kind) {
    case 'task':
      return parseTask(o, taskV03);
    case 'status-update':
      return parseStatus(o, statusUpdateV03);
    case 'artifact-update':
      return parseArtifactUpdate(o, artifactUpdateV03);
    case 'message':
      return parseMessageUpdate(o);
    default:
      return { type: 'unknown', raw: o, reason: `unknown kind "${kind}"` };
  }
}

type TaskSchema = typeof taskV03 | typeof taskV10;
type StatusSchema = typeof statusUpdateV03 | typeof statusUpdateV10;
type ArtifactUpdateSchema = typeof artifactUpdateV03 | typeof artifactUpdateV10;

function parseTask(raw: unknown, schema: TaskSchema): A2aUpdate {
  const r = schema.safeParse(raw);
  if (!r.success) return { type: 'unknown', raw, reason: `malformed task: ${firstIssue(r.error)}` };
  const t = r.data;
  const rawState = t.status?.state ?? 'unknown';
  const update: Extract<A2aUpdate, { type: 'task' }> = {
    type: 'task',
    taskId: t.id,
    state: parseState(rawState),
    rawState,
    artifacts: (t.artifacts ?? []).map((a, i) => parseArtifact(a, i)),
  };
  if (t.contextId) update.contextId = t.contextId;
  const message = parseMessage(t.status?.message);
  if (message) update.message = message;
  return update;
}

function parseStatus(raw: unknown, schema: StatusSchema): A2aUpdate {
  const r = schema.safeParse(raw);
  if (!r.success) return { type: 'unknown', raw, reason: `malformed status update: ${firstIssue(r.error)}` };
  const s = r.data;
  const rawState = s.status?.state ?? 'unknown';
  const update: Extract<A2aUpdate, { type: 'status' }> = { type: 'status', taskId: s.taskId, state: parseState(rawState), rawState };
  if (s.contextId) update.contextId = s.contextId;
  const message = parseMessage(s.status?.message);
  if (message) update.message = message;
  if ('final' in s && s.final !== undefined) update.final = s.final as boolean;
  return update;
}

function parseArtifactUpdate(raw: unknown, schema: ArtifactUpdateSchema): A2aUpdate {
  const r = schema.safeParse(raw);
  if (!r.success) return { type: 'unknown', raw, reason: `malformed artifact update: ${firstIssue(r.error)}` };
  const a = r.data;
  const update: A2aUpdate = {
    type: 'artifact',
    taskId: a.taskId,
    artifact: parseArtifact(a.artifact, 0),
    append: a.append ?? false,
    lastChunk: a.lastChunk ?? false,
  };
  if (a.contextId) update.contextId = a.contextId;
  return update;
}

function parseMessageUpdate(raw: unknown): A2aUpdate {
  const message = parseMessage(raw);
  if (!message) return { type: 'unknown', raw, reason: 'malformed message' };
  const o = raw as { taskId?: unknown; contextId?: unknown };
  const update: Extract<A2aUpdate, { type: 'message' }> = { type: 'message', message };
  if (typeof o.taskId === 'string' && o.taskId) update.taskId = o.taskId;
  if (typeof o.contextId === 'string' && o.contextId) update.contextId = o.contextId;
  return update;
}

/** Artifacts without an id (older agents, the seed's samples) are keyed by their index. */
function parseArtifact(raw: unknown, position: number): A2aArtifact {
  const r = (raw !== null && typeof raw === 'object' && 'index' in raw ? artifactV03 : artifactV10).safeParse(raw);
  if (!r.success) return { artifactId: `#${position}`, parts: [{ type: 'unknown', raw }] };
  const a = r.data as z.infer<typeof artifactV03>;
  const artifact: A2aArtifact = { artifactId: a.artifactId ?? `#${a.index ?? position}`, parts: a.parts.map(parsePart) };
  if (a.name) artifact.name = a.name;
  return artifact;
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid';
}
