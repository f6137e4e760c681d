import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startTextsChunk } from './src/lib/i18n/namespaces';
import { antdStylesheet } from './vite/antd-stylesheet';
import { antdZeroRuntime } from './vite/antd-zero-runtime';
import { embedScript } from './vite/embed-script';
import { precompress } from './vite/precompress';
import { preloadChunks } from './vite/preload-chunks';
import { pureContracts } from './vite/pure-contracts';

const apiTarget = process.env.PARLEY_API_URL ?? 'http://localhost:3000';
const serverPaths = ['/api', '/session', '/verify', '/config', '/docs', '/healthz', '/readyz', '/metrics'];
const proxy = Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [
    react(),
    antdStylesheet(),
    antdZeroRuntime(),
    pureContracts(),
    // embed.js, the chat widget's loader that owners put on their websites
    embedScript(),
    // The shell and the chat screen: nearly every visit opens them first.
    preloadChunks(['src/app/app.tsx', 'src/app/routes/main-layout-route.tsx', 'src/app/routes/chat-page.tsx']),
    // brotli and gzip copies of the output, which the server sends to browsers that take them
    precompress(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // the app, and the chat widget's panel (/widget/:appId), which shares its code but not its shell
      input: { main: 'index.html', widget: 'widget.html' },
      // antd's rc-component packages are pure modules but do not say so: without this, importing
      // Input keeps all of @rc-component/form (through antd's form context) in the first screen.
      treeshake: { moduleSideEffects: (id) => (id.includes('/node_modules/@rc-component/') ? false : undefined) },
      output: { codeSplitting: { groups: [{ name: startTextsChunk }] } },
    },
  },
});
