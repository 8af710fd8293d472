// Gzip size of the JS the initial route (/) loads: index.html's scripts and modulepreloads, the home page's
// chunk with its static imports, and its strings (the home namespace). Run after `npx vite build`.
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
// The home route: its page chunk, and the home feature's strings (the chunk the app's lazy map loads for
// ../features/home/locales.ts).
const homeStrings = /["']\.\.\/features\/home\/locales\.ts["']\s*:[^`"']*?import\(\s*[`"']\.\/([^`"']+\.js)[`"']/;
for (const f of files) {
  if (f.startsWith('HomePage-')) queue.push(f);
  const strings = homeStrings.exec(read(f))?.[1];
  if (strings) queue.push(strings);
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
