import { defineConfig } from 'vite';

// Served by the gateway under /console/; the output is plain static files.
export default defineConfig({
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
});
