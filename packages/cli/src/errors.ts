/**
 * The exit statuses of `lintel` (documented in `lintel --help` and the README):
 * 0 done; 1 the manifest is invalid or the portal refused the request (its error texts are shown as
 * they are); 2 wrong usage (unknown command or option, a missing argument); 3 the portal cannot be
 * reached or the token was refused (not logged in, wrong URL, network error, 401).
 */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;
export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];

/** A failure the CLI reports in words and ends with the given exit status. */
export class CliError extends Error {
  constructor(
    readonly status: ExitStatus,
    readonly lines: string[],
  ) {
    super(lines.join('\n'));
  }
}
