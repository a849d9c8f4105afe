import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const dto = fileURLToPath(new URL('../../libs/dto/src/index.ts', import.meta.url));

/** Ant Design components that only pages use (the shell, its layout, menu, header and notifications never do). */
const ANTD_PAGE_COMPONENTS =
  'tree|tree-select|select|auto-complete|cascader|upload|image|pagination|input-number|descriptions|timeline|' +
  'statistic|list|radio|color-picker|watermark|segmented|steps|collapse|carousel|qr-code|qrcode|transfer|slider|' +
  'switch|rate|float-button|tour|splitter|mentions|anchor|affix|back-top|calendar';
const RC_PAGE_COMPONENTS =
  'rc-tree|rc-tree-select|rc-select|rc-virtual-list|rc-cascader|rc-upload|rc-image|rc-pagination|' +
  'rc-input-number|rc-steps|rc-collapse|rc-segmented|rc-switch|rc-rate|rc-slider|rc-mentions|@rc-component/(color-picker|qrcode|tour|mini-decimal)';
// Except the pieces the shell's components reach: buttons' colour tokens, the drawer's watermark context and the
// pagination's locale texts (which antd's ConfigProvider imports).
const SHELL_PIECES =
  '(antd/es|@rc-component)/color-picker/(es/)?(color|util|components/ColorPresets)|antd/es/watermark/context|rc-pagination/es/locale/';
const ANTD_PAGES = new RegExp(`^(?!${SHELL_PIECES})(antd/es/(${ANTD_PAGE_COMPONENTS})|${RC_PAGE_COMPONENTS})/`);

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
  // Components that only pages use (forms' selects and numbers, uploads, images, tabs, descriptions, timelines, the
  // table's pagination and filter tree...): they load with the first page that needs them, never with the shell.
  ['antd-pages', ANTD_PAGES],
  ['antd-rc', /^(rc-[^/]+|@rc-component\/[^/]+)\//],
  ['antd', /^(antd|@ant-design\/react-slick)\//],
  ['router', /^(react-router|cookie|set-cookie-parser)\//],
  ['query', /^@tanstack\//],
  ['refine', /^@refinedev\//],
  // Recharts and its d3/redux internals, only for the dashboard's order charts: never in the shared vendor chunk.
  [
    'charts',
    /^(recharts|victory-vendor|d3-[^/]+|internmap|@reduxjs\/toolkit|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)\//,
  ],
  // The write models' validation (@jara/dto: class-validator and its validators), only for the pages with forms.
  ['dto', /^(class-validator|class-transformer|reflect-metadata|validator|libphonenumber-js)\//],
  // Flag SVG components, only for the live-rates page (about 58 kB gzipped): never in the shared vendor chunk.
  ['flags', /^country-flag-icons\//],
  // The QR code and barcode encoders, only for the parcel label page: never in the shared vendor chunk.
  ['barcodes', /^bwip-js\//],
  // class-validator and class-transformer under @jara/dto, only for the pages whose forms check the API's DTO rules
  // (components/dto-rules.ts): never in the shared vendor chunk, which the shell preloads.
  ['dto', /^(class-validator|class-transformer|reflect-metadata|validator|libphonenumber-js)\//],
];

/**
 * react-markdown and its unified/micromark dependencies, which `@refinedev/antd` imports for its MarkdownField. No page
 * of the back office renders markdown, but these packages do not declare themselves free of side effects, so Rollup
 * kept them (144 kB) as a side-effect import of the refine chunk, on every cold load.
 */
const MARKDOWN =
  /node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|character-entities[^/]*|bail|trough|is-plain-obj|is-buffer|extend|trim-lines|zwitch|longest-streak|ccount|markdown-table|style-to-[^/]+|inline-style-parser|html-url-attributes|devlop)\//;

/** Marks the markdown packages side-effect free: they load only if some page really renders markdown. */
const markdownOnDemand: Plugin = {
  name: 'jara-markdown-on-demand',
  transform(_code, id) {
    return MARKDOWN.test(id) ? { code: null, moduleSideEffects: false } : undefined;
  },
};

/** Chunks that must load only with the pages that need them, never on a cold load of the shell. */
const ON_DEMAND = ['antd-pages', 'antd-table', 'antd-picker', 'charts', 'flags', 'barcodes', 'dto'];

/**
 * Fails the build if the entry (its script and the chunks it imports statically, which index.html modulepreloads)
 * would load one of the on-demand chunks, or markdown: a new import in the shell can otherwise undo the split quietly.
 */
const shellStaysSmall: Plugin = {
  name: 'jara-shell-stays-small',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const seen = new Set<string>();
    const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(byName.get(file)?.imports ?? []));
    }
    for (const file of seen) {
      const chunk = byName.get(file);
      const markdown = Object.entries(chunk?.modules ?? {}).find(
        ([id, module]) => MARKDOWN.test(id) && module.renderedLength > 0,
      )?.[0];
      if (chunk && ON_DEMAND.includes(chunk.name)) this.error(`the back office's entry loads the ${chunk.name} chunk`);
      if (markdown) this.error(`the back office's entry loads ${markdown}`);
    }
  },
};

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
    plugins: [react(), markdownOnDemand, shellStaysSmall],
    resolve: { alias: { '@jara/contracts': contracts, '@jara/dto': dto } },
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
