/** What a binary distribution's download is, told by the URL's file name (the registry's rule). */

export type ArchiveFormat = 'tar.gz' | 'tar.bz2' | 'zip' | 'raw';

/** Installer formats the registry rejects; refused here too rather than run as a "raw" binary. */
const INSTALLERS = /\.(dmg|pkg|deb|rpm|msi|appimage)$/i;

export function archiveFormat(url: string): ArchiveFormat | { unsupported: string } {
  let name: string;
  try {
    name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return { unsupported: `"${url}" is not a URL` };
  }
  if (/\.(tar\.gz|tgz)$/i.test(name)) return 'tar.gz';
  if (/\.(tar\.bz2|tbz2)$/i.test(name)) return 'tar.bz2';
  if (/\.zip$/i.test(name)) return 'zip';
  if (INSTALLERS.test(name)) return { unsupported: `"${name}" is an installer, which Agent Chat does not run` };
  if (/\.(tar|tar\.xz|txz|7z|rar|gz)$/i.test(name)) return { unsupported: `"${name}" is an archive format Agent Chat does not unpack (.tar.gz, .tgz, .tar.bz2, .tbz2, .zip or a raw binary)` };
  return 'raw';
}
