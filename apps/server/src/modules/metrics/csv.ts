import { Readable } from 'node:stream';

/** A cell a spreadsheet would read as a formula (or a DDE call) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): a text a spreadsheet would run as a formula gets a leading apostrophe
 * (OWASP "CSV injection"), and a field with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A CSV document streamed from batches of lines: the header first, then each batch as it is read, so
 * the whole export is never held in memory (the stream pulls the next batch when the client has taken
 * this one).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<string>): Readable {
  async function* lines() {
    yield csvRow(header);
    yield* batches;
  }
  return Readable.from(lines(), { objectMode: false });
}
