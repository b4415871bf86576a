/**
 * docs/PROTOCOL.md keeps itself honest: every method, notification, session update kind and
 * capability field in the installed SDK's JSON Schemas has a row saying what Agent Chat does
 * with it, each row names the schemas that define it, no row names a kind the schemas do not
 * have, and the counts at the top add up. Upgrading the SDK makes this fail naming what is new.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { schemaKinds, sdkVersion, type KindSection } from '../../../support/sdkSchemaKinds.js';

const DOC = new URL('../../../../docs/PROTOCOL.md', import.meta.url);
const STATUSES = ['handled', 'not yet', 'not for a client'] as const;
type Status = (typeof STATUSES)[number];

/** The `##` heading each section's table sits under. */
const HEADINGS: Readonly<Record<KindSection, string>> = {
  methods: 'Methods and notifications',
  updates: 'Session updates',
  capabilities: 'Capabilities',
};

interface Row {
  section: KindSection;
  name: string;
  schemas: string[];
  status: string;
  sentBy?: string;
  line: number;
}

const cells = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

function readRows(text: string): Row[] {
  const rows: Row[] = [];
  let section: KindSection | undefined;
  let header: string[] | undefined;
  text.split('\n').forEach((line, i) => {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = (Object.keys(HEADINGS) as KindSection[]).find((s) => HEADINGS[s] === heading[1]!.trim());
      header = undefined;
      return;
    }
    if (!section || !line.startsWith('|')) {
      if (!line.startsWith('|')) header = undefined;
      return;
    }
    const row = cells(line);
    if (!header) {
      header = row.map((c) => c.toLowerCase());
      return;
    }
    if (row.every((c) => /^:?-+:?$/.test(c))) return;
    const name = /^`([^`]+)`$/.exec(row[0] ?? '')?.[1];
    if (!name) return;
    const at = (column: string) => row[header!.indexOf(column)] ?? '';
    const out: Row = { section, name, schemas: at('schemas').split(/\s+/).filter(Boolean).sort(), status: at('status'), line: i + 1 };
    if (header.includes('sent by')) out.sentBy = at('sent by');
    rows.push(out);
  });
  return rows;
}

const doc = readFileSync(DOC, 'utf8');
const rows = readRows(doc);
const kinds = schemaKinds();
const key = (section: string, name: string) => `${section}: ${name}`;

test(`docs/PROTOCOL.md has a row for every kind in the SDK ${sdkVersion()} schemas`, () => {
  const listed = new Set(rows.map((r) => key(r.section, r.name)));
  const missing = kinds.filter((k) => !listed.has(key(k.section, k.name))).map((k) => `${key(k.section, k.name)} (schemas ${k.schemas.join(' ')})`);
  assert.deepEqual(missing, [], `docs/PROTOCOL.md does not say what Agent Chat does with these kinds of @agentclientprotocol/sdk ${sdkVersion()}; add a row for each under "${Object.values(HEADINGS).join('" / "')}":\n  ${missing.join('\n  ')}`);
});

test('every row names a kind the schemas have, once, in the schemas that have it', () => {
  const byKey = new Map(kinds.map((k) => [key(k.section, k.name), k]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const k = byKey.get(key(r.section, r.name));
    const where = `PROTOCOL.md:${r.line} \`${r.name}\``;
    if (seen.has(key(r.section, r.name))) problems.push(`${where}: listed twice`);
    seen.add(key(r.section, r.name));
    if (!k) {
      problems.push(`${where}: no schema of SDK ${sdkVersion()} has this ${r.section.replace(/s$/, '')} (removed or renamed?)`);
      continue;
    }
    if (r.schemas.join(' ') !== k.schemas.join(' ')) problems.push(`${where}: schemas column says "${r.schemas.join(' ')}", the SDK has it in "${k.schemas.join(' ')}"`);
    if (r.section === 'methods' && r.sentBy !== k.sentBy) problems.push(`${where}: "sent by" says "${r.sentBy}", the schema says "${k.sentBy}"`);
    if (!STATUSES.includes(r.status as Status)) problems.push(`${where}: status "${r.status}" is not one of ${STATUSES.join(' / ')}`);
  }
  assert.deepEqual(problems, []);
});

test('the counts at the top add up', () => {
  const count = (section: KindSection | 'all', status: Status) => rows.filter((r) => (section === 'all' || r.section === section) && r.status === status).length;
  const table = /\| *kinds *\| *handled *\| *not yet *\| *not for a client *\|[^\n]*\n\|[-| :]+\|\n((?:\|[^\n]*\n)+)/.exec(doc);
  assert.ok(table, 'PROTOCOL.md starts with a counts table: | kinds | handled | not yet | not for a client |');
  const stated = new Map(table[1]!.trim().split('\n').map((line) => {
    const [label, ...numbers] = cells(line);
    return [label!.replace(/\*/g, ''), numbers.map((n) => Number(n.replace(/\*/g, '')))] as const;
  }));
  const labels: Record<KindSection | 'all', string> = { methods: 'methods and notifications', updates: 'session updates', capabilities: 'capability fields', all: 'all' };
  for (const [section, label] of Object.entries(labels) as Array<[KindSection | 'all', string]>) {
    assert.deepEqual(stated.get(label), STATUSES.map((s) => count(section, s)), `counts row "${label}"`);
  }
});
