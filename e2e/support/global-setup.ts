import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Scratch directories of other runs are removed only when this old: another checkout may be running. */
const STALE_AFTER_MS = 12 * 3600_000;

/** Starts each run from clean screenshots and removes the scratch directories old runs left behind. */
export default function globalSetup(): void {
  rmSync(path.resolve(here, '../artifacts/screens'), { recursive: true, force: true });
  const current = process.env.LINTEL_E2E_RUN_DIR;
  for (const entry of readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), entry);
    if (!entry.startsWith('lintel-e2e-') || dir === current) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_AFTER_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already (another run cleaned it up).
    }
  }
}
