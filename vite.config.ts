import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/web'),
  publicDir: resolve(import.meta.dirname, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': resolve(import.meta.dirname, 'src/shared'),
      '@web': resolve(import.meta.dirname, 'src/web'),
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // A feature's index.ts only re-exports its public parts. Marked free of side effects, importing one part from it
      // (the navigation's account corner) does not pull the feature's other parts (the sign-up form) into that chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) },
      plugins: [
        {
          // Brotli and gzip copies of every text asset, written once at build time, so the server can send them
          // (serveStatic's `precompressed`) without compressing on each request: ~375 KB of JavaScript travels as ~100 KB.
          name: 'crosswalk-precompress',
          async writeBundle(options, bundle) {
            const { brotliCompressSync, constants, gzipSync } = await import('node:zlib');
            const { readFileSync, writeFileSync } = await import('node:fs');
            const { join } = await import('node:path');
            for (const fileName of Object.keys(bundle)) {
              if (!/\.(js|css|svg|json|txt)$/.test(fileName) || !options.dir) continue;
              const path = join(options.dir, fileName);
              const source = readFileSync(path);
              if (source.length < 1024) continue;
              writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
              writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            }
          },
        },
      ],
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
