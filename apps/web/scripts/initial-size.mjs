// Gzip size of the JS the initial route (/) loads: index.html's scripts and modulepreloads, the home page's
// chunk with its static imports, and its English strings (home and common). Run after `npx vite build`.
// Usage: node scripts/initial-size.mjs [distDir]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const seen = new Set();
const queue = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const read = (f) => readFileSync(path.join(assets, f), 'utf8');
// The home route: its page chunk, and in English its strings (namespaces `home` and `common`, each language's
// file its own chunk: vite.config.ts names them i18n-<locale>-<namespace>-<hash>.js).
for (const f of files) {
  if (/^(?:HomePage|i18n-en-home|i18n-en-common)-/.test(f)) queue.push(f);
}
while (queue.length) {
  const f = queue.shift();
  if (seen.has(f)) continue;
  seen.add(f);
  const code = read(f);
  // static imports only (dynamic import() chunks load later, on demand)
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    queue.push(m[1]);
}
let total = 0;
for (const f of [...seen].sort()) {
  const size = gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  total (gzip -9) of ${seen.size} files; budget 150 KiB`);
process.exitCode = total / 1024 <= 150 ? 0 : 1;
