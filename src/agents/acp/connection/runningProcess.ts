/**
 * One started agent process and what hangs off it: the ACP connection, the handlers for the
 * agent's requests (fs, terminals, permissions), the terminals it runs, and which session each
 * update belongs to. Wired when the process starts, torn down whole when it stops or dies.
 */
import type { Message, MessageConnection } from 'vscode-jsonrpc/node';
import type { FileSystemHost } from '../../../services/hostServices.js';
import { createAcpConnection } from '../../../protocol/acp/transport.js';
import { textChunkRuns } from '../../../protocol/acp/textChunkRuns.js';
import { WireFaultTally, type WireFault } from '../../../protocol/acp/wireFaults.js';
import { NodeTerminals } from '../../../services/terminals.js';
import { BadInputReporter } from './badInput.js';
import { registerClientHandlers } from './clientHandlers.js';
import type { AgentProcess } from './agentProcess.js';
import { SessionRouter } from './sessionRouter.js';

export interface RunningProcess {
  process: AgentProcess;
  connection: MessageConnection;
  terminals: NodeTerminals;
  router: SessionRouter;
  /** Faults on the wire so far (each is also logged). */
  faults: WireFaultTally;
  /** Set when we stop it on purpose: its exit is not a crash. */
  stopping: boolean;
}

export interface ProcessExit {
  exitCode: number | null;
  signal: string | null;
  stderrTail: string;
}

export interface WireOptions {
  /** PATH for the terminals the agent asks for. */
  pathValue: string;
  fs: FileSystemHost;
  /** The workspace folders open now (a session's removed root is out of reach). */
  workspaceRoots?: () => readonly string[];
  tap?: (direction: 'in' | 'out', message: Message, count: number) => void;
  log?: (line: string) => void;
  /**
   * The process exited without being stopped: its sessions have ended their turns and its
   * terminals are being released by then.
   */
  onCrash: (running: RunningProcess, exit: ProcessExit) => void;
}

/** Connection, request handlers, terminals and session routing for one process. */
export function wireRunningProcess(proc: AgentProcess, opts: WireOptions): RunningProcess {
  const faults = new WireFaultTally();
  const fault = (f: WireFault): void => {
    faults.add(f);
    opts.log?.(`wire fault #${faults.total} (${f.kind}): ${f.detail}`);
  };
  const router = new SessionRouter(opts.log, (sessionId) => fault({ kind: 'unknown_session', detail: `session/update for ${sessionId}` }));
  const terminals = new NodeTerminals({
    pathValue: async () => opts.pathValue,
    onOutput: (snap) => {
      const { terminalId, command, output, truncated, exitStatus } = snap;
      router.target(snap.owner)?.emit({ kind: 'terminal_output', terminalId, command, output, truncated, ...(exitStatus ? { exitStatus } : {}) });
    },
  });
  const badInput = new BadInputReporter((title, detail) => {
    const sessions = router.all().filter((s) => !s.isClosed);
    for (const session of sessions) session.emit({ kind: 'notice_local', severity: 'warning', title, detail });
    return sessions.length > 0;
  }, opts.log);
  const connection = createAcpConnection(proc.child.stdout!, proc.child.stdin!, {
    tap: opts.tap,
    syncNotifications: { 'session/update': (params) => router.routeUpdate(params) },
    joinNotifications: { 'session/update': textChunkRuns },
    onProtocolError: (problem) => badInput.report(problem),
    onFault: fault,
  });
  registerClientHandlers(connection, {
    session: (id) => router.target(id),
    sessions: () => router.all(),
    fs: opts.fs,
    terminals,
    workspaceRoots: opts.workspaceRoots,
    log: opts.log,
    onUnknownSession: (method, sessionId) => fault({ kind: 'unknown_session', detail: `${method} for ${sessionId}` }),
  });
  connection.listen();
  const running: RunningProcess = { process: proc, connection, terminals, router, faults, stopping: false };
  void proc.exited.then((info) => {
    if (running.stopping) return;
    const exit: ProcessExit = { exitCode: info.exitCode, signal: info.signal, stderrTail: proc.stderrTail() };
    router.closeAll(exit, false);
    void terminals.releaseAll();
    // The agent is gone, but what it started in its process group (tools, servers) may not be.
    void proc.kill().catch((error: unknown) => opts.log?.(`killing what the agent left behind failed: ${(error as Error).message}`));
    connection.dispose();
    opts.onCrash(running, exit);
  });
  return running;
}

/**
 * Stops on purpose: sessions end (not as a crash; `why` is what a running turn ends with),
 * terminals are released, the whole process tree is killed. Resolves with the last of its stderr.
 */
export async function stopRunningProcess(running: RunningProcess, killGraceMs: number, why?: string): Promise<string> {
  running.stopping = true;
  running.router.closeAll({ exitCode: null, signal: null, stderrTail: running.process.stderrTail() }, true, why);
  await running.terminals.releaseAll();
  await running.process.kill(killGraceMs);
  const stderrTail = running.process.stderrTail();
  running.connection.dispose();
  return stderrTail;
}
