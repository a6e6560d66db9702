import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ManifestError } from '@lintel/shared/manifests';
import { validateManifestText } from '@lintel/shared/manifests/validate';
import { CliError, EXIT } from './errors';

/** The manifest file's text; a file that cannot be read is a usage error (exit 2). */
export async function readManifest(cwd: string, file: string): Promise<string> {
  try {
    return await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new CliError(EXIT.usage, [`Cannot read ${file} (${code}).`]);
  }
}

/**
 * The shared validator's errors (the portal's own, offline), each as `FILE:LINE:COLUMN: message
 * (pointer)` — the form editors and CI annotate. The pointer is left out for the document itself.
 */
export function formatErrors(file: string, errors: readonly ManifestError[]): string {
  return errors
    .map((error) => {
      const pointer = error.pointer === '' ? '' : ` (${error.pointer})`;
      return `${file}:${error.line}:${error.column}: ${error.message}${pointer}\n`;
    })
    .join('');
}

export type ManifestEnvironment = 'sandbox' | 'production';

export function validate(text: string, environment: ManifestEnvironment): ManifestError[] {
  return validateManifestText(text, {
    environment: environment === 'production' ? 'ProductionEnvironment' : 'Sandbox',
  });
}
