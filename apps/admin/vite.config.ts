import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

/**
 * Groups third-party modules into layered vendor chunks (each layer only imports layers listed before it, so
 * the chunks never import each other in a circle) so that no single chunk is huge.
 */
const VENDOR_LAYERS: Array<[chunk: string, test: RegExp]> = [
  ['react', /^(react|react-dom|scheduler)\//],
  [
    'vendor-base',
    /^(@babel\/runtime|classnames|clsx|react-is|rc-util|@rc-component\/util|@ctrl\/tinycolor|@ant-design\/(colors|fast-color)|stylis|@emotion\/[^/]+|resize-observer-polyfill|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|string-convert|copy-to-clipboard|toggle-selection|dayjs)\//,
  ],
  ['antd-style', /^@ant-design\/(cssinjs|cssinjs-utils)\//],
  ['antd-icons', /^@ant-design\/(icons|icons-svg)\//],
  // Table and its widgets are only needed by list pages, so they load with the first list page.
  ['antd-table', /^(antd\/es\/table|rc-table)\//],
  // Date pickers likewise load only with the pages that filter by date (the invoices list).
  // (their locale texts stay with antd, whose ConfigProvider imports them).
  ['antd-picker', /^(antd\/es\/(date-picker|time-picker|calendar)|rc-picker\/(es|lib))\/(?!locale\/)/],
  ['antd-rc', /^(rc-[^/]+|@rc-component\/[^/]+)\//],
  ['antd', /^(antd|@ant-design\/react-slick)\//],
  ['router', /^(react-router|cookie|set-cookie-parser)\//],
  ['query', /^@tanstack\//],
  [
    'markdown',
    /^(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|character-entities[^/]*|devlop|bail|trough|is-plain-obj|extend|estree-util-[^/]+|html-url-attributes|trim-lines|zwitch|longest-streak|ccount|markdown-table|style-to-[^/]+|inline-style-parser|@types\/[^/]+)\//,
  ],
  ['refine', /^@refinedev\//],
  // Recharts and its d3/redux internals, only for the dashboard's order charts: never in the shared vendor chunk.
  [
    'charts',
    /^(recharts|victory-vendor|d3-[^/]+|internmap|@reduxjs\/toolkit|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)\//,
  ],
  // Flag SVG components, only for the live-rates page (about 58 kB gzipped): never in the shared vendor chunk.
  ['flags', /^country-flag-icons\//],
  // The QR code and barcode encoders, only for the parcel label page: never in the shared vendor chunk.
  ['barcodes', /^bwip-js\//],
];

function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  const path = id.split('node_modules/').pop() ?? '';
  for (const [chunk, test] of VENDOR_LAYERS) if (test.test(path)) return chunk;
  return 'vendor';
}

export default defineConfig(({ command }) => {
  // In `vite dev`, let the workspace's JARA_API_URL stand in for VITE_API_URL (the built app reads
  // window.__JARA_CONFIG__ injected by server.mjs instead, so nothing is baked into the bundle).
  const devApiUrl = process.env.JARA_PUBLIC_API_URL || process.env.JARA_API_URL;
  if (command === 'serve' && devApiUrl && !process.env.VITE_API_URL) process.env.VITE_API_URL = devApiUrl;
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: { alias: { '@jara/contracts': contracts } },
    server: { port: 4200, strictPort: true },
    preview: { port: 4200 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      rollupOptions: {
        output: { manualChunks: vendorChunk },
      },
    },
  };
});
