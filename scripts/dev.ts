/** `npm run dev`: the API with reload on change (port 3000) and Vite's hot-reloading web app (port 5173, proxying /api). */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
