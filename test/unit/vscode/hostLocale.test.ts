/**
 * The host's words that are built without `vscode` — the status bar, stop reasons, the fork /
 * resend tooltips, notification titles, notices in the thread — follow the editor's language: each
 * takes the lookup it is given (`vscode.l10n.t` in the extension), here the German bundle the
 * extension ships, looked up by English text as VS Code does. English stays the default. Also
 * permission rule words, sensitive-path reasons and launch failures with the untrusted hold,
 * the reasons an MCP server is left out, and the presets' install hints.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { english, type Translate } from '../../../src/thread/translate.js';
import { describeStopReason } from '../../../src/thread/present.js';
import { forkControl } from '../../../src/shared/messageActions.js';
import { renderStatus } from '../../../src/vscode/status/statusBarModel.js';
import { goneMessage } from '../../../src/vscode/review/snapshotGone.js';
import { turnEndTitle } from '../../../src/vscode/notifications/noticePolicy.js';
import { planReattach } from '../../../src/vscode/tabs/openTabs.js';
import { useTranslate } from '../../../src/vscode/translate.js';
import { ruleTitle, scopeText } from '../../../src/permissions/rule.js';
import { sensitiveReason } from '../../../src/permissions/sensitive.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';
import { failedStatus, untrustedStatus, isUntrusted } from '../../../src/vscode/agents/statusText.js';
import type { AgentConfig, LaunchFailure } from '../../../src/agents/api.js';
import { parseMcpSetting } from '../../../src/agents/acp/mcp/parse.js';
import { filterMcpServers } from '../../../src/agents/acp/mcp/filter.js';
import { suggestFix } from '../../../src/agents/acp/presets/suggestFix.js';
import { AGENT_PRESETS } from '../../../src/agents/acp/presets/presets.js';

const bundle: Record<string, string> = JSON.parse(readFileSync(new URL('../../../l10n/bundle.l10n.de.json', import.meta.url), 'utf8'));
const german: Translate = (message, ...args) => english(bundle[message] ?? message, ...args);
after(() => useTranslate(english));

const ready = { state: 'ready' as const, agentName: 'Claude', protocolVersion: 1, protocol: 'ACP v1' };

test('English fills in {0}, {1}… and leaves a placeholder without a value as it is', () => {
  assert.equal(english('{0} of {1}', 2, 'three'), '2 of three');
  assert.equal(english('{0} and {1}', 'one'), 'one and {1}');
  assert.equal(english('plain'), 'plain');
});

test('the status bar, stop reasons and the fork tooltip read German with the German lookup', () => {
  const running = renderStatus({ agent: ready, turnRunning: true, waitingForPermission: false }, german);
  assert.match(running.tooltip, /Arbeitet an einer Antwort\./);
  assert.match(running.tooltip, /Klicken Sie, um den Chat zu öffnen\.$/);
  assert.match(renderStatus({ agent: ready, turnRunning: true, waitingForPermission: false }).tooltip, /Working on a turn\./, 'English by default');
  assert.equal(renderStatus({ agent: ready, turnRunning: false, waitingForPermission: false, waitingForInput: 'input' }, german).text, '$(comment-discussion) Claude: wartet auf Ihre Antwort');

  assert.deepEqual(describeStopReason('max_tokens', german), {
    label: 'Angehalten: Token-Limit', tone: 'warning', detail: 'Das Modell hat sein Token-Limit erreicht; die Antwort ist womöglich abgeschnitten.',
  });
  assert.equal(describeStopReason('_paused_for_review', german).label, 'Angehalten: paused for review', 'the agent\'s own reason is put into the translation');

  const facts = { agent: { ...ready, forks: true }, tabState: 'idle' as const, turnState: 'running' as const, latestTurnId: 't1' };
  const control = forkControl(facts, 't1', german);
  assert.ok(control.shown && !control.enabled);
  assert.equal(control.tooltip, 'Abzweigen noch nicht möglich: Warten Sie, bis die Antwort endet (oder halten Sie sie an)');
});

test('host code without vscode speaks the language activation hands it', () => {
  assert.equal(turnEndTitle('Claude', { stopReason: 'max_tokens' }), 'Claude stopped: it reached its token limit');
  useTranslate(german);
  assert.equal(turnEndTitle('Claude', { stopReason: 'end_turn' }), 'Claude ist fertig');
  assert.equal(turnEndTitle(undefined, { stopReason: 'refusal' }), 'Der Agent hat angehalten: er hat die Fortsetzung abgelehnt', 'the pieces are translated and put together');
  const note = planReattach('Claude', undefined, undefined, true);
  assert.equal(note.kind === 'new' && note.note?.title, 'Neue Sitzung mit Claude');
  useTranslate(english);
  assert.equal(turnEndTitle('Claude', { stopReason: 'end_turn' }), 'Claude finished');
  assert.equal(goneMessage('undo', ['/w'], german), 'Agent Chat: Der Schnappschuss von /w ist nicht mehr da (eingesammelt oder Speicher geleert); es wurde nichts rückgängig gemacht.');
});

test('permission rule words read German with the German lookup, English by default', () => {
  const flavor = pathFlavor('linux');
  const rule = { action: 'edit' as const, scope: { type: 'path' as const, path: '/w/src', folder: true } };
  assert.equal(ruleTitle(rule, ['/w'], flavor), 'Allow edits under src/');
  assert.equal(ruleTitle(rule, ['/w'], flavor, german), 'Bearbeiten unter src/ erlauben');
  assert.equal(scopeText({ action: 'execute', scope: { type: 'command', command: 'npm test' } }, ['/w'], flavor, german), 'Ausführen von `npm test` in einem Terminal');
  assert.equal(sensitiveReason(flavor, ['/w'], '/w/config/.env', german), 'eine Umgebungsdatei (.env)');
  assert.equal(sensitiveReason(flavor, ['/w'], '/elsewhere/x'), 'outside the workspace folders');
});

test('a launch failure and the untrusted hold read German once activation hands over the German lookup', () => {
  const config: AgentConfig = { name: 'mine', command: 'my-agent', args: ['--acp'], env: {}, protocolVersion: 1 };
  const failure: LaunchFailure = { reason: 'exited_during_initialize', exitCode: 7, signal: null, stderrTail: 'boom', message: 'my-agent --acp exited with code 7 before answering initialize.' };
  const inEnglish = failedStatus(config, failure, 'my-agent --acp');
  assert.ok(inEnglish.state === 'failed');
  assert.equal(inEnglish.reason, 'The agent exited while starting (exit code 7): the agent exited with code 7 before answering initialize.');
  useTranslate(german);
  try {
    const status = failedStatus(config, failure, 'my-agent --acp');
    assert.ok(status.state === 'failed');
    assert.equal(status.reason, 'Der Agent hat sich beim Start beendet (Exit-Code 7): der Agent hat sich mit Code 7 beendet, bevor er auf „initialize“ geantwortet hat.');
    assert.match(status.fix ?? '', /^Den Grund nennt die Ausgabe des Agenten unten\. .* Ausführen: my-agent --acp$/);
    const held = untrustedStatus('mine');
    assert.ok(held.state === 'failed');
    assert.equal(held.reason, 'Dieser Arbeitsbereich ist nicht vertrauenswürdig, daher wurde kein Agent gestartet.');
    assert.ok(isUntrusted(held), 'told by its flag, whatever the language');
  } finally {
    useTranslate(english);
  }
});

test('the reasons an MCP server is left out read German under the German lookup, English by default', () => {
  const setting = { noCmd: {}, remote: { url: 'ftp://x' }, folder: { command: '${workspaceFolder}/run' }, sse: { type: 'sse', url: 'https://x/sse' } };
  const reasons = () => {
    const parsed = parseMcpSetting(setting, { env: {} });
    const filtered = filterMcpServers(parsed.servers, {}, 2);
    return [...parsed.problems.map((p) => `${p.name}: ${p.reason}`), ...filtered.skipped.map((s) => `${s.name}: ${s.reason}`)];
  };
  assert.deepEqual(reasons(), [
    'noCmd: has no command',
    'remote: url "ftp://x" is not http(s)',
    'folder: uses ${workspaceFolder} but no workspace folder is open',
    'sse: ACP v2 has no SSE transport for MCP servers',
  ]);
  useTranslate(german);
  try {
    assert.deepEqual(reasons(), [
      'noCmd: hat keinen Befehl (command)',
      'remote: URL „ftp://x“ ist nicht http(s)',
      'folder: verwendet ${workspaceFolder}, aber es ist kein Arbeitsbereichsordner geöffnet',
      'sse: ACP v2 hat keinen SSE-Transport für MCP-Server',
    ]);
  } finally {
    useTranslate(english);
  }
});

test("a preset's install hint reads German under the German lookup", () => {
  const gemini = AGENT_PRESETS.find((p) => p.name === 'gemini')!;
  const config = { name: 'gemini', command: 'gemini', args: ['--acp'], env: {}, protocolVersion: 1 as const };
  const failure: LaunchFailure = { reason: 'not_found', command: 'gemini', message: 'gemini was not found' };
  assert.match(suggestFix(failure, config).detail, /Install it: Install the Gemini CLI with npm\./);
  assert.match(suggestFix(failure, config, AGENT_PRESETS, german).detail, /Installieren Sie es: Installieren Sie die Gemini CLI mit npm\./);
  assert.equal(gemini.install(german), 'Installieren Sie die Gemini CLI mit npm.');
  const claude = AGENT_PRESETS.find((p) => p.name === 'claude')!;
  assert.equal(claude.install(german), 'Installieren Sie Node.js (es enthält npx); der erste Start lädt @agentclientprotocol/claude-agent-acp herunter.');
});
