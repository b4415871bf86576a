/**
 * Which URIs may become clickable. The host checks schemes again before opening anything; this
 * only keeps script-bearing URIs out of the DOM in the first place.
 */
const SAFE_SCHEMES = /^(https?|mailto|file|vscode|vscode-insiders):/i;

export function safeHref(uri: string): string | null {
  const trimmed = uri.trim();
  return SAFE_SCHEMES.test(trimmed) ? trimmed : null;
}

const IMAGE_MIME = /^image\/(png|jpeg|gif|webp|bmp|svg\+xml)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A data: URI for an agent's image block, or null when it is not a plain base64 image. */
export function imageDataUri(mimeType: string, data: string): string | null {
  const clean = data.replace(/\s+/g, '');
  if (!IMAGE_MIME.test(mimeType) || !BASE64.test(clean)) return null;
  return `data:${mimeType};base64,${clean}`;
}

export function basename(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}
