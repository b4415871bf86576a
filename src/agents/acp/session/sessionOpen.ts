/**
 * session/new, session/load and session/resume on one connection, gated by what the agent
 * advertised (src/agents/acp/session/agentSessions.ts builders).
 *
 * Load differs in one way that matters: the agent replays the conversation as ordinary
 * `session/update`s *before* it answers, so the session object must exist and be routed
 * first. Its events are held until the first listener, so a thread attached after the call
 * resolves still receives the whole replay, in order, followed by the answer's facts.
 */
import type { SessionSupport } from '../../api.js';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { parseLoadSessionResult, parseNewSessionResult, type SessionSetup } from '../../../protocol/acp/parseAgentResults.js';
import {
  buildCloseRequest,
  buildForkRequest,
  buildLoadRequest,
  buildNewSessionRequest,
  buildResumeRequest,
  sendEnd,
  sessionSupportFromCapabilities,
  type Gated,
} from './agentSessions.js';
import type { AgentFacts } from '../connection/capabilities.js';
import { AcpChatSession, type AcpSessionOptions } from './acpSession.js';
import { boundedRequest } from './boundedRequest.js';
import type { SessionRouter } from '../connection/sessionRouter.js';
import { planSessionTarget, skippedMcpNotice, type McpServerInput, type SessionTargetPlan } from './sessionTarget.js';
import { consultToolsSkipReason, editorToolsSkipReason, openSessionEditorTools, type EditorToolsOptions, type SessionEditorTools } from '../editorTools/sessionEditorTools.js';
import { t } from '../../translate.js';

export interface OpenContext {
  connection: MessageConnection;
  router: SessionRouter;
  facts: AgentFacts;
  workspaceRoots: string[];
  cancelTimeoutMs?: number;
  /** Bounded wait for the `session/new` answer (default 60 s). */
  openTimeoutMs?: number;
  /** Names the agent in errors. */
  agentName: string;
  log?: (line: string) => void;
  onAuthRequired?: AcpSessionOptions['onAuthRequired'];
  permissionAdvisor?: AcpSessionOptions['permissionAdvisor'];
  /**
   * The editor tools MCP server for v2 agents; `track` lets the owner of the process close a
   * session's endpoint when the process ends without the session being closed.
   */
  editorTools?: { options: EditorToolsOptions; track(tools: SessionEditorTools): void };
  /** The workspace folders open now (editor tools refuse a root removed since the session started). */
  currentRoots?: () => readonly string[];
}

export interface OpenOptions {
  /** Absolute; default: the first workspace root (or the home folder). */
  cwd?: string;
  /** Filtered by the agent's MCP transports; skipped ones become a warning in the thread. */
  mcpServers?: readonly McpServerInput[];
  /** Confine the session to exactly these folders (a thread's own worktree) instead of the workspace folders. */
  roots?: readonly string[];
}

/** Agents start MCP servers in `session/new`; a minute covers slow ones, not a hang. */
export const DEFAULT_OPEN_TIMEOUT_MS = 60_000;

export type OpenRequest = { kind: 'new' } | { kind: 'load' | 'resume' | 'fork'; sessionId: string };

export function supportOf(facts: AgentFacts): SessionSupport {
  return sessionSupportFromCapabilities(facts.capabilities, facts.protocolVersion);
}

export async function openSession(ctx: OpenContext, req: OpenRequest, options: OpenOptions = {}): Promise<AcpChatSession> {
  const cwd = options.cwd ?? ctx.workspaceRoots[0] ?? homedir();
  if (!isAbsolute(cwd)) throw new Error(`The session folder must be an absolute path: ${cwd}`);
  const tools = await editorToolsFor(ctx);
  try {
    return await openWith(ctx, req, options, cwd, tools);
  } catch (err) {
    await tools?.close();
    throw err;
  }
}

async function editorToolsFor(ctx: OpenContext): Promise<SessionEditorTools | undefined> {
  if (!ctx.editorTools) return undefined;
  const skipEditor = editorToolsSkipReason(ctx.facts, ctx.editorTools.options);
  const skipConsult = consultToolsSkipReason(ctx.facts, ctx.editorTools.options);
  if (skipEditor) ctx.log?.(`editor tools not offered: ${skipEditor}`);
  if (skipConsult && ctx.editorTools.options.consult) ctx.log?.(`consult tools not offered: ${skipConsult}`);
  if (skipEditor && skipConsult) return undefined;
  const tools = await openSessionEditorTools(ctx.editorTools.options, ctx.log, { editor: !skipEditor, consult: !skipConsult });
  ctx.editorTools.track(tools);
  return tools;
}

async function openWith(ctx: OpenContext, req: OpenRequest, options: OpenOptions, cwd: string, tools: SessionEditorTools | undefined): Promise<AcpChatSession> {
  const servers = [...(options.mcpServers ?? []), ...(tools ? [tools.server] : [])];
  const plan = planSessionTarget(ctx.workspaceRoots, cwd, servers, ctx.facts, options.roots);
  const support = supportOf(ctx.facts);
  const target = { cwd, mcpServers: plan.mcpServers, additionalDirectories: plan.additionalDirectories };
  const gated: Gated<Record<string, unknown>> =
    req.kind === 'new' ? buildNewSessionRequest(support, target)
    : req.kind === 'fork' ? buildForkRequest(support, { ...target, sessionId: req.sessionId })
    : req.kind === 'load' ? buildLoadRequest(support, { ...target, sessionId: req.sessionId })
    : buildResumeRequest(support, { ...target, sessionId: req.sessionId });
  if (!gated.ok) throw new Error(`Cannot ${req.kind === 'new' ? 'start' : req.kind} the session: ${gated.reason}.`);
  for (const note of gated.notes) ctx.log?.(`session/${req.kind}: ${note}`);

  // A fork answers like session/new: a new id, no replay.
  if (req.kind === 'new' || req.kind === 'fork') {
    // Updates the agent sends before this answer are held by the router until `add`.
    // A ResponseError (e.g. -32000 authentication required) is rethrown as is, code included.
    const answer = await boundedRequest(ctx.connection, gated.method, gated.params, ctx.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS, ctx.agentName);
    const parsed = parseNewSessionResult(answer);
    if (!parsed.ok) throw new Error(`The agent's ${gated.method} answer is malformed: ${parsed.error}`);
    const { sessionId, ...setup } = parsed.value;
    const session = create(ctx, support, plan, sessionId, setup, tools);
    ctx.router.add(session);
    return session;
  }

  // Reopening a session that is open here supersedes that object, unless the reopen fails.
  const previous = ctx.router.get(req.sessionId);
  const session = create(ctx, support, plan, req.sessionId, {}, tools);
  ctx.router.add(session);
  try {
    const parsed = parseLoadSessionResult(await ctx.connection.sendRequest(gated.method, gated.params));
    if (!parsed.ok) throw new Error(`The agent's ${gated.method} answer is malformed: ${parsed.error}`);
    session.applySetup(parsed.value);
    // The older object gets no more updates: end it here and close its own endpoint.
    if (previous && previous !== session) await previous.supersede().catch((e: unknown) => ctx.log?.(`ending the superseded session object: ${String(e)}`));
    return session;
  } catch (err) {
    ctx.router.remove(session);
    if (previous && !previous.isClosed) ctx.router.add(previous);
    throw err;
  }
}

function create(ctx: OpenContext, support: SessionSupport, plan: SessionTargetPlan, sessionId: string, setup: SessionSetup, tools?: SessionEditorTools): AcpChatSession {
  // What the object holds here; called once it exists (on close or when superseded).
  const release = async (): Promise<void> => {
    ctx.router.remove(session);
    await tools?.close();
  };
  const session: AcpChatSession = new AcpChatSession({
    connection: ctx.connection,
    sessionId,
    protocolVersion: ctx.facts.protocolVersion,
    promptCapabilities: ctx.facts.prompt,
    cwd: plan.cwd,
    roots: plan.roots,
    fixedRoots: plan.fixedRoots,
    setup,
    cancelTimeoutMs: ctx.cancelTimeoutMs,
    log: ctx.log,
    onAuthRequired: ctx.onAuthRequired,
    ...(ctx.permissionAdvisor ? { permissionAdvisor: ctx.permissionAdvisor } : {}),
    ...(tools?.tools.consult ? { consultations: tools.consultations } : {}),
    close: async () => {
      await release();
      // Without `session/close` the agent keeps the session; it is only forgotten here.
      if (support.close) await sendEnd(ctx.connection, buildCloseRequest(support, sessionId));
    },
    release,
  });
  tools?.bind({
    cwd: plan.cwd,
    roots: plan.roots,
    ...(ctx.currentRoots && !plan.fixedRoots ? { workspaceRoots: ctx.currentRoots } : {}),
    // The same account fs/write_text_file gives: the turn's review shows it and can undo it.
    written: (path, oldText, newText) => session.emit({ kind: 'file_written', path, oldText, newText }),
    refused: (tool, detail) => session.emit({ kind: 'notice_local', severity: 'warning', title: t('Refused editor tool {0}', tool), detail }),
  }, {
    // The consult tools show each consultation as a card in this thread and ask on it.
    cwd: plan.cwd,
    emit: (event) => session.emit(event),
    onEvent: (listener) => session.onEvent(listener),
    askHost: (question, signal) => session.askHost(question, signal),
  });
  const notice = skippedMcpNotice(plan.skipped);
  if (notice) session.emit(notice);
  return session;
}
