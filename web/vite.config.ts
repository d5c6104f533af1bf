import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The Content-Security-Policy of every built page: only the app's own scripts, styles, workers
 * and frames; WebAssembly allowed ('wasm-unsafe-eval'); inline style attributes allowed (React
 * and D3 set them). Pages stay embeddable: frame-ancestors cannot be set from a meta tag. Added
 * at build only: the dev server injects inline scripts for hot reload. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const csp: Plugin = {
  name: 'storelab-csp',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
};

// Multi-page build: the lab (/), the embed route (/embed/), the lessons (/lessons/), compare
// mode (/compare/), the model notes (/notes/), the start page (/start/), the assignment page
// (/assignment/), the figures page (/figures/) and the <storelab-scenario> element (/storelab-scenario.js), so the app works
// from any static host without
// server-side routing. The WASM
// engine is the workspace package @storelab/engine (engine/wasm/npm), built by
// scripts/build-wasm.sh.
export default defineConfig({
  plugins: [react(), csp],
  base: './',
  server: { fs: { allow: ['..'] } },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        lab: resolve(here, 'index.html'),
        embed: resolve(here, 'embed/index.html'),
        lessons: resolve(here, 'lessons/index.html'),
        compare: resolve(here, 'compare/index.html'),
        notes: resolve(here, 'notes/index.html'),
        start: resolve(here, 'start/index.html'),
        assignment: resolve(here, 'assignment/index.html'),
        figures: resolve(here, 'figures/index.html'),
        // The <storelab-scenario> element, at a name pages can write down (docs/embedding.md).
        'storelab-scenario': resolve(here, 'src/element/storelab-scenario.ts'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'storelab-scenario' ? '[name].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
