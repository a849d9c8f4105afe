/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Injected into index.html by apps/admin/server.mjs at start-up. */
  __JARA_CONFIG__?: { apiUrl?: string };
}
