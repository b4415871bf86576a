/** Every regular file under a folder, for the tests that search what the extension wrote. */
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

/** Every regular file under `dir`, depth first (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}
