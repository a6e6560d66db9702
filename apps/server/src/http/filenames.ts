/**
 * File names a user gave, made safe to keep, show and send back (issue 20): no control or bidirectional
 * formatting characters (U+202E turns `gnp.exe` around on screen), no path, and the extension of the
 * type the bytes were recognised as, never the one the name claims (a PNG named `poly.html` is kept and
 * served as `poly.png`).
 */

// Controls (C0, DEL, C1), bidi embeddings, overrides, isolates and marks, zero-width characters, BOM.
const UNSAFE = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
const MAX_NAME_LENGTH = 200;

/** The extension each type we store or serve is kept under. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
};

/** The name without unsafe characters and without any directory part; '' when nothing is left. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').replace(UNSAFE, '').split(/[\\/]/).pop() ?? '';
  return base.trim().replace(/^\.+/, '').slice(0, MAX_NAME_LENGTH).trim();
}

/**
 * The name to keep for a file of `extension` (file-type's `png`, `jpg` …): cleaned, its own extension
 * replaced. `fallback` names a file whose name had nothing left (`file.png`).
 */
export function storedFilename(name: string | undefined, extension: string, fallback = 'file'): string {
  const clean = cleanFilename(name);
  const dot = clean.lastIndexOf('.');
  const base = (dot > 0 ? clean.slice(0, dot) : clean).trim() || fallback;
  return `${base}.${extension}`;
}

/** The name to send a file of `contentType` under: cleaned, with that type's extension when we know it. */
export function servedFilename(name: string, contentType: string): string {
  const extension = EXTENSIONS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''];
  return extension ? storedFilename(name, extension) : cleanFilename(name) || 'file';
}
