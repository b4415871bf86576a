/**
 * The registry entries' icons over real HTTP on 127.0.0.1: SVG and PNG stored in global storage
 * under a hash of the URL; an oversized body, a non-image and a URL the policy refuses are not
 * shown; the stored copy is used when the server is gone; a host that never answers does not
 * hold the list back past the deadline.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { iconFile, loadRegistryIcons, MAX_ICON_BYTES } from '../../src/registry/registryIcons.js';
import { startRegistryServer, type RegistryServer } from '../support/registryServer.js';
import { tempDir } from './support/harness.js';

const SVG = '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6"/></svg>';
// The 8-byte PNG signature and an IHDR chunk's start are what the sniffing looks at.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0', 'latin1')]);

let server: RegistryServer;
before(async () => {
  server = await startRegistryServer();
});
after(() => server.close());

function failuresOf(): { failures: Map<string, string>; onFailure: (url: string, reason: string) => void } {
  const failures = new Map<string, string>();
  return { failures, onFailure: (url, reason) => failures.set(url, reason) };
}

describe('registry icons', () => {
  test('an SVG and a PNG are fetched and stored under a hash of their URL; what is not an image, too large or plain http elsewhere is not shown', async () => {
    const storage = await tempDir('registry-icons-');
    try {
      server.serve('/icons/a.svg', SVG);
      server.serve('/icons/b.png', PNG);
      server.serve('/icons/page.svg', '<!doctype html><html><body>not an icon</body></html>');
      server.serve('/icons/huge.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(MAX_ICON_BYTES / 4)}</svg>`);
      const urls = ['a.svg', 'b.png', 'page.svg', 'huge.svg', 'missing.svg'].map((n) => `${server.base}/icons/${n}`);
      const remote = 'http://example.invalid/icon.svg';
      const { failures, onFailure } = failuresOf();

      const icons = await loadRegistryIcons([...urls, remote, urls[0]!], storage, { onFailure });

      assert.deepEqual([...icons.keys()].sort(), [urls[0], urls[1]].sort());
      assert.equal(icons.get(urls[0]!), iconFile(storage, urls[0]!, 'svg'));
      assert.equal(icons.get(urls[1]!), iconFile(storage, urls[1]!, 'png'));
      assert.equal(dirname(icons.get(urls[0]!)!), join(storage, 'registry-icons'));
      assert.equal(readFileSync(icons.get(urls[0]!)!, 'utf8'), SVG);
      assert.deepEqual(readFileSync(icons.get(urls[1]!)!), PNG);
      assert.match(failures.get(urls[2]!) ?? '', /neither an SVG nor a PNG/);
      assert.match(failures.get(urls[3]!) ?? '', /more than the 65536 Agent Chat accepts/);
      assert.match(failures.get(urls[4]!) ?? '', /HTTP 404/);
      assert.match(failures.get(remote) ?? '', /must use https:\/\//);
      assert.equal(server.requested.filter((p) => p === '/icons/a.svg').length, 1, 'a URL listed twice is fetched once');
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('a body larger than the cap without a Content-Length is refused while it streams', async () => {
    const storage = await tempDir('registry-icons-');
    const chunked = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: image/svg+xml\r\ntransfer-encoding: chunked\r\n\r\n');
      const piece = `<svg>${'x'.repeat(16 * 1024)}`;
      for (let i = 0; i < 6; i++) socket.write(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
      socket.end('0\r\n\r\n');
    });
    try {
      const url = `${chunked.base}/big.svg`;
      const { failures, onFailure } = failuresOf();
      const icons = await loadRegistryIcons([url], storage, { onFailure });
      assert.equal(icons.size, 0);
      assert.match(failures.get(url) ?? '', /larger than the 65536 bytes/);
    } finally {
      await chunked.close();
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('when the server is gone the stored copy is shown', async () => {
    const storage = await tempDir('registry-icons-');
    const own = await startRegistryServer();
    try {
      own.serve('/logo.svg', SVG);
      const url = `${own.base}/logo.svg`;
      const first = await loadRegistryIcons([url], storage);
      assert.equal(first.get(url), iconFile(storage, url, 'svg'));
      await own.close();

      const { failures, onFailure } = failuresOf();
      const offline = await loadRegistryIcons([url], storage, { onFailure });
      assert.equal(offline.get(url), iconFile(storage, url, 'svg'));
      assert.equal(readFileSync(offline.get(url)!, 'utf8'), SVG);
      assert.match(failures.get(url) ?? '', /could not be reached.*\(showing the stored copy\)/);
    } finally {
      await own.close().catch(() => undefined);
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('a host that never answers is given up at the deadline; the icons that arrived are shown', async () => {
    const storage = await tempDir('registry-icons-');
    let asked = 0;
    const silent = await rawServer(() => void asked++);
    try {
      server.serve('/icons/fast.svg', SVG);
      const fast = `${server.base}/icons/fast.svg`;
      const slow = `${silent.base}/slow.svg`;
      // The same silent host with a deadline too far to matter, started first: only the stall
      // timeout would end it. The call with the deadline must come back before it (an order, not
      // a wall-clock limit: on a loaded machine both are slow, the timers keep their order).
      const order: string[] = [];
      const stop = new AbortController();
      const undeadlined = loadRegistryIcons([slow], storage, { deadlineMs: 600_000, signal: stop.signal }).then(() => order.push('without deadline'));
      for (const until = Date.now() + 20_000; asked < 1; await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() > until) throw new Error('the silent host never saw the first request');
      }
      const { failures, onFailure } = failuresOf();
      const icons = await loadRegistryIcons([fast, slow], storage, { deadlineMs: 300, onFailure });
      order.push('with deadline');
      stop.abort();
      await undeadlined;
      assert.deepEqual(order, ['with deadline', 'without deadline'], 'the deadline, not the stall timeout, ended the wait');
      assert.deepEqual([...icons.keys()], [fast]);
      assert.match(failures.get(slow) ?? '', /not fetched within 300 ms/);
    } finally {
      await silent.close();
      await rm(storage, { recursive: true, force: true });
    }
  });
});

/** A TCP server on 127.0.0.1 that answers each connection as `onConnection` writes. */
async function rawServer(onConnection: (socket: Socket) => void): Promise<{ base: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => onConnection(socket));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      srv.close(() => resolve());
    }),
  };
}
