import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathParts, pathsInText, showFolderPath, showPath, type WorkspaceFolderRef } from '../../../src/shared/workspacePaths.js';

const ONE: WorkspaceFolderRef[] = [{ name: 'app', path: '/home/ann/work/app' }];
const TWO: WorkspaceFolderRef[] = [{ name: 'app', path: '/home/ann/work/app' }, { name: 'api', path: '/srv/api/' }];
const OUT = (p: string) => `${p} (outside)`;
const text = (p: ReturnType<typeof showPath>) => [p.text, p.outside];

test('one folder: a path in it is shown relative; the folder itself by its name; the absolute path is kept', () => {
  assert.deepEqual(showPath('/home/ann/work/app/src/app.ts', ONE), { text: 'src/app.ts', absolute: '/home/ann/work/app/src/app.ts', outside: false });
  assert.deepEqual(text(showPath('/home/ann/work/app', ONE)), ['app', false]);
  assert.deepEqual(text(showPath('/home/ann/work/app/', ONE)), ['app', false]);
});

test('several folders: folder/path; a folder given with a trailing slash still matches', () => {
  assert.deepEqual(text(showPath('/home/ann/work/app/src/app.ts', TWO)), ['app/src/app.ts', false]);
  assert.deepEqual(text(showPath('/srv/api/index.js', TWO)), ['api/index.js', false]);
});

test('outside every folder: whole and marked; a sibling whose name starts the same is outside too', () => {
  assert.deepEqual(text(showPath('/etc/hosts', ONE)), ['/etc/hosts', true]);
  assert.deepEqual(text(showPath('/home/ann/work/apple/x.ts', ONE)), ['/home/ann/work/apple/x.ts', true]);
  // No folders: nothing to be outside of, so nothing is marked.
  assert.deepEqual(text(showPath('/etc/hosts', [])), ['/etc/hosts', false]);
  // A relative path is left alone.
  assert.deepEqual(text(showPath('src/app.ts', ONE)), ['src/app.ts', false]);
});

test('nested folders: the innermost one names the path', () => {
  const nested = [{ name: 'work', path: '/home/ann/work' }, { name: 'app', path: '/home/ann/work/app' }];
  assert.equal(showPath('/home/ann/work/app/a.ts', nested).text, 'app/a.ts');
  assert.equal(showPath('/home/ann/work/notes.md', nested).text, 'work/notes.md');
});

test('Windows: case and slash direction do not matter; the shown path uses forward slashes', () => {
  const win = [{ name: 'App', path: 'C:\\Users\\Ann\\App' }];
  assert.deepEqual(text(showPath('c:\\users\\ann\\app\\src\\main.ts', win)), ['src/main.ts', false]);
  assert.deepEqual(text(showPath('C:/Users/Ann/App/src/main.ts', win)), ['src/main.ts', false]);
  assert.deepEqual(text(showPath('D:\\other\\x.ts', win)), ['D:\\other\\x.ts', true]);
  assert.deepEqual(text(showPath('C:\\x.ts', [{ name: 'C:', path: 'C:\\' }])), ['x.ts', false]);
  // POSIX folders compare exactly.
  assert.deepEqual(text(showPath('/HOME/ann/work/app/a.ts', ONE)), ['/HOME/ann/work/app/a.ts', true]);
});

test('a changes row file (folder + path in it)', () => {
  assert.deepEqual(showFolderPath('/home/ann/work/app', 'src/a.ts', ONE), { text: 'src/a.ts', absolute: '/home/ann/work/app/src/a.ts', outside: false });
  assert.deepEqual(showFolderPath('/srv/api', 'b.ts', TWO), { text: 'api/b.ts', absolute: '/srv/api/b.ts', outside: false });
  assert.equal(showFolderPath('C:\\App', 'src/a.ts', [{ name: 'App', path: 'C:\\App' }]).absolute, 'C:\\App\\src\\a.ts');
  // A folder since removed from the workspace: the whole path, marked.
  assert.deepEqual(text(showFolderPath('/gone', 'a.ts', ONE)), ['/gone/a.ts', true]);
});

test('free text: each absolute path in a title is shown, the words around it kept', () => {
  assert.deepEqual(pathsInText('Edit /home/ann/work/app/src/app.ts', ONE, OUT), 'Edit src/app.ts');
  assert.deepEqual(pathsInText('Move /home/ann/work/app/a.ts to /home/ann/work/app/b/a.ts.', ONE, OUT), 'Move a.ts to b/a.ts.');
  assert.deepEqual(pathsInText('Allow "/home/ann/work/app/my file.txt"?', ONE, OUT), 'Allow "my file.txt"?');
  assert.deepEqual(pathsInText('Read /home/ann/work/app/a.ts:12, then /etc/hosts', ONE, OUT), 'Read a.ts:12, then /etc/hosts (outside)');
  assert.deepEqual(pathsInText('Read (/home/ann/work/app/a.ts)', TWO, OUT), 'Read (app/a.ts)');
});

test('free text: a folder whose path holds spaces is found whole; URLs, slash words and fractions are not paths', () => {
  const spaced = [{ name: 'my project', path: '/home/ann/my project' }];
  assert.equal(pathsInText('Edit /home/ann/my project/src/a.ts now', spaced, OUT), 'Edit src/a.ts now');
  for (const words of ['Fetch https://example.com/a/b', 'Run /help', 'and/or 1/2', 'grep /TODO/ in files', 'a / b']) {
    assert.equal(pathsInText(words, ONE, OUT), words, words);
  }
  assert.deepEqual(pathParts('Fetch https://example.com/a/b', ONE), ['Fetch https://example.com/a/b']);
});

test('free text parts: each path with its absolute form, for a tooltip', () => {
  assert.deepEqual(pathParts('Edit /home/ann/work/app/src/app.ts and /etc/hosts', ONE), [
    'Edit ',
    { text: 'src/app.ts', absolute: '/home/ann/work/app/src/app.ts', outside: false },
    ' and ',
    { text: '/etc/hosts', absolute: '/etc/hosts', outside: true },
  ]);
  assert.deepEqual(pathParts('no paths here', ONE), ['no paths here']);
  assert.deepEqual(pathParts('', ONE), []);
  // Without folders the text comes back as it is.
  assert.deepEqual(pathParts('Edit /a/b.ts', []), ['Edit /a/b.ts']);
});
