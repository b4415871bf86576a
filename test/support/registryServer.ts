/** An offline registry for tests: registry.json and archives served by node:http on 127.0.0.1. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryServer {
  base: string;
  /** Every path requested, in order (so a test can see that nothing was fetched). */
  requested: string[];
  /** Replaces what a path serves; `undefined` makes it answer 404. */
  serve(path: string, body: string | Buffer | undefined): void;
  close(): Promise<void>;
}

export async function startRegistryServer(): Promise<RegistryServer> {
  const files = new Map<string, Buffer>();
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-length': body.length, 'content-type': path.endsWith('.json') ? 'application/json' : 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requested,
    serve: (path, body) => (body === undefined ? files.delete(path) : files.set(path, Buffer.from(body))),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
