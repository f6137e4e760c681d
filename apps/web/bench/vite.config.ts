import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The benchmark pages are their own Vite project: nothing here reaches the app's production build.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 10_000,
    rollupOptions: { input: { render: fileURLToPath(new URL('render.html', import.meta.url)) } },
  },
});
