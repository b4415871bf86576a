// Debian's Chromium driven by playwright-core (no browser download). The networking flags keep
// Chromium from flooding a closed network with background requests.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { chromiumPath } from './paths.mjs';

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage'];

/** A persistent context on a fresh profile dir (removed again by close()). */
export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'agent-chat-chromium-'));
  const xdg = { XDG_CONFIG_HOME: join(profile, 'xdg-config'), XDG_DATA_HOME: join(profile, 'xdg-data'),
    XDG_CACHE_HOME: join(profile, 'xdg-cache') };
  const context = await chromium.launchPersistentContext(join(profile, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: flags,
    viewport,
    env: { ...process.env, ...xdg },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
