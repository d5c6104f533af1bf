import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

// Multi-page build: the lab (/), the embed route (/embed/) and the lessons (/lessons/), so the
// app works from any static host without server-side routing. The WASM engine is the workspace
// package @storelab/engine (engine/wasm/npm), built by scripts/build-wasm.sh.
export default defineConfig({
  plugins: [react()],
  base: './',
  server: { fs: { allow: ['..'] } },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        lab: resolve(here, 'index.html'),
        embed: resolve(here, 'embed/index.html'),
        lessons: resolve(here, 'lessons/index.html'),
      },
    },
  },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
