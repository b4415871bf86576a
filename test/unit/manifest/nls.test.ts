/**
 * The manifest's strings come from package.nls.json (VS Code swaps in package.nls.<locale>.json):
 * a `%key%` without an English entry would show the raw key in the UI, and a translation of a key
 * English no longer has would be dead text nobody notices.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const pkg = readJson('package.json');
const english: Record<string, string> = readJson('package.nls.json');
const translations = readdirSync(root).filter((f) => /^package\.nls\.[\w-]+\.json$/.test(f));

function stringsOf(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const n of node) stringsOf(n, out);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) stringsOf(v, out);
  return out;
}

const keysUsed = new Set(stringsOf(pkg).flatMap((s) => [...s.matchAll(/^%([^%\s]+)%$/g)].map((m) => m[1]!)));

test('every %key% in package.json has an English string in package.nls.json', () => {
  assert.ok(keysUsed.size > 40, 'the manifest is localised');
  assert.deepEqual([...keysUsed].filter((k) => !(k in english)), []);
});

test('package.nls.json has no string the manifest does not use', () => {
  assert.deepEqual(Object.keys(english).filter((k) => !keysUsed.has(k)), []);
});

test('every key of a translation exists in English and keeps its command links', () => {
  assert.ok(translations.length > 0, 'at least one translation ships');
  for (const file of translations) {
    const t: Record<string, string> = readJson(file);
    assert.deepEqual(Object.keys(t).filter((k) => !(k in english)), [], `${file}: keys English does not have`);
    for (const [k, text] of Object.entries(t)) {
      // A walkthrough button is a `[label](command:…)` line; a translation must run the same command.
      const commands = (s: string) => [...s.matchAll(/\]\((command:[^)]+)\)/g)].map((m) => m[1]);
      assert.deepEqual(commands(text), commands(english[k]!), `${file}: ${k}`);
    }
  }
});

test('what a person reads in the manifest is localisable', () => {
  const c = pkg.contributes;
  const plain: string[] = [];
  const check = (where: string, s: unknown) => { if (typeof s === 'string' && !/^%[^%]+%$/.test(s)) plain.push(`${where}: ${s}`); };
  check('description', pkg.description);
  for (const cmd of c.commands) { check(cmd.command, cmd.title); check(cmd.command, cmd.category); }
  for (const list of Object.values<any[]>(c.views)) for (const v of list) check(v.id, v.name);
  for (const vc of c.viewsContainers.activitybar) check(vc.id, vc.title);
  check('configuration', c.configuration.title);
  for (const w of c.viewsWelcome ?? []) check(w.view, w.contents);
  for (const [k, p] of Object.entries<any>(c.configuration.properties)) check(k, p.description ?? p.markdownDescription);
  for (const w of c.walkthroughs) {
    check(w.id, w.title); check(w.id, w.description);
    for (const s of w.steps) { check(s.id, s.title); check(s.id, s.description); }
  }
  assert.deepEqual(plain, []);
});

test('the walkthrough: every step has its media file and its buttons run contributed commands', () => {
  const commands = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  const [walkthrough] = pkg.contributes.walkthroughs;
  assert.deepEqual(walkthrough.steps.map((s: { id: string }) => s.id), ['pickAgent', 'logIn', 'firstPrompt', 'reviewChanges']);
  for (const step of walkthrough.steps) {
    assert.ok(existsSync(join(root, step.media.markdown)), step.media.markdown);
    const buttons = [...english[step.description.slice(1, -1)]!.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);
    assert.ok(buttons.length > 0, `${step.id} has a button`);
    for (const b of buttons) assert.ok(commands.has(b), `${step.id}: ${b} is a contributed command`);
    for (const e of step.completionEvents ?? []) {
      const m = /^onCommand:(.+)$/.exec(e);
      if (m) assert.ok(commands.has(m[1]), `${step.id}: ${e}`);
    }
  }
});

/**
 * VS Code reads a walkthrough page's translation from `<page>.nls.<locale>.md` beside it (then
 * `<page>.nls.<language>.md`, then the page itself). A translated page must belong to a step and a
 * language the manifest is translated into; a language that translates one page translates all.
 */
test('translated walkthrough pages sit beside a step\'s page, for a translated language, all of them', () => {
  const [walkthrough] = pkg.contributes.walkthroughs;
  const pages: string[] = walkthrough.steps.map((s: { media: { markdown: string } }) => s.media.markdown);
  const dir = join(root, 'media/walkthrough');
  const locales = translations.map((f) => /^package\.nls\.([\w-]+)\.json$/.exec(f)![1]!);
  const translated = readdirSync(dir).filter((f) => f.includes('.nls.'));
  assert.ok(translated.length > 0, 'at least one language has the walkthrough pages');
  for (const file of translated) {
    const m = /^(.+)\.nls\.([\w-]+)\.md$/.exec(file);
    assert.ok(m, `${file}: <page>.nls.<locale>.md`);
    assert.ok(pages.includes(`media/walkthrough/${m[1]}.md`), `${file} translates a step's page`);
    assert.ok(locales.includes(m[2]!), `${file}: package.nls.${m[2]}.json exists`);
    for (const page of pages) assert.ok(existsSync(join(root, page.replace(/\.md$/, `.nls.${m[2]}.md`))), `${page} in ${m[2]}`);
  }
});
