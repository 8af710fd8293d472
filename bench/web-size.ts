import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Gzip size of the JavaScript the initial route needs: the entry chunk, its static imports, and the home
 * page's lazy chunk with its static imports (read from Vite's manifest). Target: <= 150 KiB.
 */
export function webInitialRouteSize() {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  visit(entry);
  const home = Object.keys(manifest).filter(
    (k) => manifest[k]?.isDynamicEntry && /features\/home\/.*Page\.tsx$/.test(k),
  );
  for (const k of home) visit(k);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(dist, f));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return {
    files: files.size,
    'raw KiB': +(raw / 1024).toFixed(1),
    'gzip KiB': +(gzip / 1024).toFixed(1),
    homeChunks: home,
  };
}
