/**
 * The Windows launch logic, run here with the platform injected. A small model of what
 * cmd.exe and the C runtime do with the command line (caret and quote parsing, `%VAR%`
 * expansion, the batch file's second parse of `%*`, argv splitting) checks that every argument
 * arrives intact and that nothing in it could start a second command.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planLaunch, type HostPlatform } from '../../../src/services/process/launchPlan.js';
import { resolveCommand } from '../../../src/services/process/resolveCommand.js';

// Lower-case PATHEXT: the test disk is case-sensitive, Windows's is not.
const WIN: HostPlatform = { platform: 'win32', comspec: 'C:\\Windows\\system32\\cmd.exe', pathExt: '.com;.exe;.bat;.cmd' };
const ENV: Record<string, string> = { PATH: 'C:\\Windows', USERPROFILE: 'C:\\Users\\me' };

/** cmd.exe phase 1 on a command line (not a batch line): %VAR% of a defined variable is replaced. */
function expandPercent(line: string): string {
  return line.replace(/%([^%]+)%/g, (all, name: string) => ENV[name.toUpperCase()] ?? all);
}

/** cmd.exe phase 2: carets escape outside quotes; an unescaped & | < > outside quotes is a second command. */
function caretPhase(line: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      quoted = !quoted;
      out += c;
    } else if (!quoted && c === '^') {
      out += line[++i] ?? '';
    } else if (!quoted && '&|<>'.includes(c)) {
      throw new Error(`unescaped ${c} would run a second command: ${line}`);
    } else {
      out += c;
    }
  }
  return out;
}

/** The C runtime's argv split (CommandLineToArgvW rules). */
function splitArgv(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) break;
    let arg = '';
    let quoted = false;
    for (; i < line.length; i++) {
      const c = line[i]!;
      if (c === '\\') {
        let n = 0;
        while (line[i] === '\\') {
          n++;
          i++;
        }
        if (line[i] === '"') {
          arg += '\\'.repeat(Math.floor(n / 2));
          if (n % 2 === 1) arg += '"';
          else quoted = !quoted;
        } else {
          arg += '\\'.repeat(n);
          i--;
        }
      } else if (c === '"') {
        quoted = !quoted;
      } else if (!quoted && (c === ' ' || c === '\t')) {
        break;
      } else {
        arg += c;
      }
    }
    args.push(arg);
  }
  return args;
}

/** What the program a batch file forwards `%*` to receives. */
function throughBatch(plan: { file: string; args: string[] }): { batch: string; argv: string[] } {
  assert.deepEqual(plan.args.slice(0, 3), ['/d', '/s', '/c']);
  const slashC = plan.args[3]!;
  assert.ok(slashC.startsWith('"') && slashC.endsWith('"'), 'one quoted /c string');
  const line = caretPhase(expandPercent(slashC.slice(1, -1))); // /s strips the outer quotes
  const m = /^"([^"]+)"(.*)$/.exec(line);
  assert.ok(m, `quoted program first: ${line}`);
  // The batch file's own line, e.g. `node npx-cli.js %*`: %* is not re-expanded, but parsed again.
  const forwarded = caretPhase(m[2]!);
  return { batch: m[1]!, argv: splitArgv(forwarded) };
}

const NASTY = [
  '-y',
  '@zed-industries/claude-code-acp',
  'with space',
  'C:\\Program Files\\My Agent\\',
  'say "hi"',
  'a"&calc.exe&"b',
  'a & b',
  'x^y',
  '^^',
  '100%',
  '%PATH%',
  '%USERPROFILE%\\x',
  'pipe|more',
  '<in >out',
  '(paren) !bang! `tick` ;,=',
  'back\\\\"slash',
  'trailing\\\\',
  '\\\\\\"',
  '',
];

test('POSIX: the program runs as resolved, arguments untouched', () => {
  assert.deepEqual(planLaunch('/usr/bin/npx', ['-y', 'a & b'], { platform: 'linux' }), {
    file: '/usr/bin/npx',
    args: ['-y', 'a & b'],
    windowsVerbatimArguments: false,
  });
});

test('Windows .exe: spawned directly (Node quotes the arguments), no cmd.exe', () => {
  const plan = planLaunch('C:\\Program Files\\nodejs\\node.exe', ['a & b', '%PATH%'], WIN);
  assert.deepEqual(plan, { file: 'C:\\Program Files\\nodejs\\node.exe', args: ['a & b', '%PATH%'], windowsVerbatimArguments: false });
  assert.equal(planLaunch('C:\\tools\\x.COM', [], WIN).file, 'C:\\tools\\x.COM');
});

test('Windows .cmd shim: cmd.exe /d /s /c with one verbatim, escaped line', () => {
  const plan = planLaunch('C:\\Program Files\\nodejs\\npx.cmd', ['-y', '@zed-industries/claude-code-acp'], WIN);
  assert.equal(plan.file, 'C:\\Windows\\system32\\cmd.exe');
  assert.equal(plan.windowsVerbatimArguments, true);
  assert.deepEqual(plan.args, [
    '/d',
    '/s',
    '/c',
    '""C:\\Program Files\\nodejs\\npx.cmd" ^^^"-y^^^" ^^^"@zed-industries/claude-code-acp^^^""',
  ]);
  assert.equal(planLaunch('C:\\x\\run.BAT', [], { platform: 'win32' }).file, 'cmd.exe', 'ComSpec unset: cmd.exe');
});

test('Windows .cmd/.bat: every argument arrives intact and none can start a second command', () => {
  for (const program of ['C:\\Program Files\\nodejs\\npx.cmd', 'C:\\Users\\me\\AppData\\Roaming\\npm\\node_modules\\.bin\\agent.cmd', 'C:\\Program Files (x86)\\A & B\\run.bat', 'D:/mixed/slashes/tool.cmd']) {
    for (const arg of NASTY) {
      const got = throughBatch(planLaunch(program, ['first', arg, 'last'], WIN));
      assert.equal(got.batch, program.replace(/\//g, '\\'));
      assert.deepEqual(got.argv, ['first', arg, 'last'], `${program} ${JSON.stringify(arg)}`);
    }
    const all = throughBatch(planLaunch(program, NASTY, WIN));
    assert.deepEqual(all.argv, NASTY);
  }
});

test('Windows PATH search: npx finds npx.cmd (not the extension-less shell script), in PATH order, with spaces', async () => {
  const base = await mkdtemp(join(tmpdir(), 'winpath-'));
  try {
    const nodeDir = join(base, 'Program Files', 'nodejs');
    const other = join(base, 'other tools');
    await mkdir(nodeDir, { recursive: true });
    await mkdir(other, { recursive: true });
    await writeFile(join(nodeDir, 'npx'), '#!/bin/sh\n');
    await writeFile(join(nodeDir, 'npx.cmd'), '@echo off\n');
    await writeFile(join(other, 'agent.exe'), '');
    await writeFile(join(other, 'agent.cmd'), '');
    const PATH = [other, nodeDir].join(';');
    assert.equal(await resolveCommand('npx', PATH, base, WIN), join(nodeDir, 'npx.cmd'));
    assert.equal(await resolveCommand('agent', PATH, base, WIN), join(other, 'agent.exe'), 'PATHEXT order: .exe before .cmd');
    assert.equal(await resolveCommand('agent', PATH, base, { ...WIN, pathExt: '.cmd;.exe' }), join(other, 'agent.cmd'));
    assert.equal(await resolveCommand('agent.cmd', PATH, base, WIN), join(other, 'agent.cmd'), 'a name with its extension');
    assert.equal(await resolveCommand(join(nodeDir, 'npx'), '', base, WIN), join(nodeDir, 'npx.cmd'), 'a path gets PATHEXT too');
    assert.equal(await resolveCommand('missing', PATH, base, WIN), undefined);
    // On POSIX the ';'-joined value is one (nonexistent) directory.
    assert.equal(await resolveCommand('npx', PATH, base, { platform: 'linux' }), undefined);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
