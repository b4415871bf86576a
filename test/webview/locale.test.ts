/**
 * A second language changes what the panel shows: the page carries the German bundle
 * (l10n/bundle.l10n.de.json, as the extension's page does under a German display language) and
 * the chrome reads German, with `{0}` filled in and English for anything not translated.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchHarness, type Harness } from './harness.js';
import { session, snapshot, tool, turnEnd } from './fixtures.js';
import type { ChangesEntry, ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const changes: ChangesEntry = {
  type: 'changes', id: 'c1', turnId: 't1', files: [
    { root: '/w', path: 'src/a.ts', status: 'modified', added: 2, deleted: 1, binary: false },
    { root: '/w', path: 'README.md', status: 'added', added: 5, deleted: 0, binary: false },
  ],
};

async function chrome(locale?: string) {
  const panel = await harness.open({ theme: 'light', ...(locale ? { locale } : {}) });
  await panel.send(snapshot([changes]));
  await panel.page.locator('.changes-summary').waitFor();
  return {
    panel,
    lang: await panel.page.locator('html').getAttribute('lang'),
    send: (await panel.text('.composer .send .btn-label')).trim(),
    placeholder: await panel.page.locator('.composer-input').getAttribute('placeholder'),
    count: (await panel.text('.changes-count')).trim(),
    buttons: (await panel.page.locator('.changes-summary button').allTextContents()).map((s) => s.trim()),
    newSession: await panel.page.locator('.panel-header button[data-action="new-session"]').getAttribute('title'),
  };
}

test('under German the header, composer and changes row read German; English is unchanged', async () => {
  const de = await chrome('de');
  assert.equal(de.lang, 'de');
  assert.equal(de.send, 'Senden');
  assert.equal(de.placeholder, 'Fragen Sie den Agenten… (/ für Befehle, @ zum Erwähnen)');
  assert.equal(de.count, '2 Dateien geändert', 'the count is put into the translation');
  assert.deepEqual(de.buttons, ['Prüfen', 'Alle behalten', 'Alle rückgängig']);
  assert.equal(de.newSession, 'Neue Sitzung');
  // The turn state is drawn later than the first frame: it reads German too.
  await de.panel.send({ type: 'session', session: session({ turnState: 'running' }) });
  assert.equal((await de.panel.text('.turn-state')).trim(), 'Arbeitet…');
  assert.equal((await de.panel.text('.composer .send .btn-label')).trim(), 'Anhalten');
  await de.panel.screenshot('locale-de');
  assert.deepEqual(await de.panel.violations(), [], 'the bundle in the page needs nothing from the policy');

  const en = await chrome();
  assert.equal(en.lang, 'en');
  assert.equal(en.send, 'Send');
  assert.equal(en.count, '2 files changed');
  assert.deepEqual(en.buttons, ['Review', 'Keep all', 'Undo all']);
  assert.equal(en.newSession, 'New session');
});

test('a string the German bundle does not translate shows in English', async () => {
  const german = JSON.parse(readFileSync(new URL('../../l10n/bundle.l10n.de.json', import.meta.url), 'utf8'));
  const untranslated = 'reported by the agent (no snapshot)';
  assert.ok(!(untranslated in german), 'once this is translated, pick another string German lacks');
  const panel = await harness.open({ locale: 'de' });
  await panel.send(snapshot([{ ...changes, files: [{ ...changes.files[0]!, source: 'reported' }] }]));
  await panel.page.locator('.changes-summary').waitFor();
  assert.equal((await panel.text('.changes-count')).trim(), '1 Datei geändert');
  assert.equal((await panel.text('.file-source')).trim(), untranslated);
});

const asking: ToolCallEntry = tool('t1', {
  kind: 'execute', title: 'Run npm install', status: 'pending',
  permission: {
    requestId: 'req-1', title: '',
    options: [{ optionId: 'once', name: 'Allow once', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }],
  },
});
const done: ToolCallEntry = tool('t2', { kind: 'read', title: 'Read README.md', status: 'completed', permissionOutcome: 'once', permissionLabel: 'Allow once' });

/** The words of the permission card, a finished tool card and a turn that hit the token limit. */
async function cards(locale?: string) {
  const panel = await harness.open(locale ? { locale } : {});
  await panel.send(snapshot([asking, done, turnEnd('e1', 'max_tokens')]));
  await panel.page.locator('.permission-question').waitFor();
  await panel.page.locator('.turn-end .stop-label').waitFor();
  const alert = panel.page.locator('.announcer [role="alert"]');
  await alert.filter({ hasText: /\S/ }).waitFor();
  return {
    question: (await panel.text('.permission-question')).trim(),
    waiting: (await panel.text('.row.tool.awaiting .tool-status')).trim(),
    answered: (await panel.text('.row.tool.status-completed .permission-outcome')).trim(),
    finished: (await panel.text('.row.tool.status-completed .tool-status')).trim(),
    collapse: await panel.page.locator('.row.tool.status-completed .tool-toggle').getAttribute('aria-label'),
    stop: (await panel.text('.turn-end .stop-label')).trim(),
    detail: (await panel.text('.turn-end .stop-detail')).trim(),
    announced: ((await alert.textContent()) ?? '').trim(),
    panel,
  };
}

test('under German the permission card, a tool card and the turn end read German; English is unchanged', async () => {
  const de = await cards('de');
  assert.equal(de.question, '„Run npm install“ erlauben?', 'the tool title is put into the translation');
  assert.equal(de.waiting, 'Wartet auf Zustimmung');
  assert.equal(de.answered, 'Beantwortet: Allow once', "the agent's own option name stays as the agent wrote it");
  assert.equal(de.finished, 'Fertig');
  assert.equal(de.collapse, 'Details einklappen');
  assert.equal(de.stop, 'Angehalten: Token-Limit', 'the shared stop-reason words (src/thread/present.ts) are translated');
  assert.equal(de.detail, 'Das Modell hat sein Token-Limit erreicht; die Antwort ist womöglich abgeschnitten.');
  assert.equal(de.announced, 'Zustimmung nötig: Run npm install. Optionen: Allow once, Reject.', 'screen readers hear German too');
  await de.panel.screenshot('locale-de-cards');
  assert.deepEqual(await de.panel.violations(), []);

  const en = await cards();
  assert.equal(en.question, 'Allow “Run npm install”?');
  assert.equal(en.waiting, 'Waiting for approval');
  assert.equal(en.answered, 'Answered: Allow once');
  assert.equal(en.finished, 'Done');
  assert.equal(en.collapse, 'Collapse details');
  assert.equal(en.stop, 'Stopped: token limit');
  assert.equal(en.detail, 'The model reached its token limit; the answer may be cut short.');
  assert.equal(en.announced, 'Permission needed: Run npm install. Options: Allow once, Reject.');
});

test('under German the rule offer says its scope in the words the host gave; an offer saved before it had words still drops "Allow "', async () => {
  const offering = (words?: string): ToolCallEntry => tool('t3', {
    kind: 'edit', title: 'Edit src/a.ts', status: 'pending',
    permission: {
      requestId: 'req-3', title: '',
      options: [{ optionId: 'once', name: 'Allow once', kind: 'allow_once' }],
      ruleOffer: { id: 'offer-3', title: words ? `${words} erlauben` : 'Allow edits under src/', ...(words ? { words } : {}), optionId: 'once' },
    },
  });
  const panel = await harness.open({ locale: 'de' });
  await panel.send(snapshot([offering('Bearbeiten unter src/')]));
  await panel.page.locator('.perm-rule .btn-label').waitFor();
  assert.equal((await panel.text('.perm-rule .btn-label')).trim(), 'Immer erlauben: Bearbeiten unter src/');

  const saved = await harness.open({ locale: 'de' });
  await saved.send(snapshot([offering()]));
  await saved.page.locator('.perm-rule .btn-label').waitFor();
  assert.equal((await saved.text('.perm-rule .btn-label')).trim(), 'Immer erlauben: edits under src/');
});
