/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Branch the reference documentation was built from (optional). */
  readonly VITE_REFERENCE_BRANCH?: string;
  /** API base URL the reference shows (optional; defaults to this origin's /api/v1). */
  readonly VITE_DEV_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
