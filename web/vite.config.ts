import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

// Multi-page build: the lab (/), the embed route (/embed/) and the lessons (/lessons/), so the
// app works from any static host without server-side routing. The WASM engine is built by
// scripts/build-wasm.sh into engine/wasm/pkg and imported from there.
export default defineConfig({
  plugins: [react()],
  base: './',
  server: { fs: { allow: ['..'] } },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: {
        lab: resolve(__dirname, 'index.html'),
      },
    },
  },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
