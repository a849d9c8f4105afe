import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const dto = fileURLToPath(new URL('../../libs/dto/src/index.ts', import.meta.url));
const appDir = fileURLToPath(new URL('./app', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@jara/contracts': contracts, '@jara/dto': dto, '~': appDir },
  },
  server: {
    port: Number(process.env.PORT || 3000),
    fs: { allow: [repoRoot] },
  },
  plugins: [
    remix({
      ignoredRouteFiles: ['**/*.css', '**/*.test.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
