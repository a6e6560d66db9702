import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts each run from clean screenshots and removes the scratch directories earlier runs left behind. */
export default function globalSetup(): void {
  rmSync(path.resolve(here, '../artifacts/screens'), { recursive: true, force: true });
  const current = process.env.LINTEL_E2E_RUN_DIR;
  for (const entry of readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), entry);
    if (entry.startsWith('lintel-e2e-') && dir !== current) rmSync(dir, { recursive: true, force: true });
  }
}
