import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

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
    exportStarted();
    try {
      yield csvRow(header);
      yield* batches;
    } finally {
      // Run when the export ends, fails or its client goes away (the stream returns the generator).
      exportEnded();
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * While an export streams, V8 grows the old generation by a quarter of what a collection left instead
 * of its default factor (up to 4x on a fast machine). An export moves ~90 MB of short-lived strings and
 * Buffers through the heap; with the default factor the dead ones pile up until the next major
 * collection and the process grows by ~100 MB for a million rows (RESULTS §12b: 238 MB). The flag is
 * V8's own (--heap-growing-percent), read at each collection, and set back when the last export ends,
 * so the rest of the time the server keeps the throughput of the default (§12b: the flag set for the
 * whole process cost ~30 % of the metrics endpoint's). RESULTS §19.
 */
const EXPORT_HEAP_GROWING_PERCENT = 25;
let exportsRunning = 0;

type Collect = (options: { type: 'major'; execution: 'async' }) => PromiseLike<void>;
let collect: Collect | undefined;

function exportStarted(): void {
  exportsRunning += 1;
  if (exportsRunning > 1) return;
  v8.setFlagsFromString(`--heap-growing-percent=${EXPORT_HEAP_GROWING_PERCENT}`);
  // The factor applies from the next major collection: ask for one now, run by V8's tasks (incremental,
  // not one pause), else a fresh server's first limit (set at start with the default factor) lets the
  // export grow the heap by ~80 MB before any collection uses it. V8's own collector function, made
  // available once without exposing `gc` to the server's code.
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  }
  void collect({ type: 'major', execution: 'async' });
}

function exportEnded(): void {
  exportsRunning -= 1;
  // 0 is V8's default: the factor chosen from the collector's speed.
  if (exportsRunning === 0) v8.setFlagsFromString('--heap-growing-percent=0');
}
