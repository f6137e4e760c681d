import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.PARLEY_API_URL ?? 'http://localhost:3000';
const serverPaths = ['/api', '/session', '/verify', '/config', '/docs', '/healthz', '/readyz', '/metrics'];
const proxy = Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: true }]));

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
