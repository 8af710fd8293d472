// Bundles the feeder agent into one file a station runs with Node ≥ 20 (arm64 or x86-64; no native code):
// apps/feeder/dist/petheart-feeder.mjs. ffmpeg comes from the board's packages (apt install ffmpeg), so the npm
// ffmpeg binaries are left out. Usage: node apps/feeder/scripts/bundle.mjs [--outfile FILE]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outArg = process.argv.indexOf('--outfile');
const outfile =
  outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(here, '..', 'dist', 'petheart-feeder.mjs');
const { version } = JSON.parse(readFileSync(path.join(here, '..', 'package.json'), 'utf8'));

const result = await build({
  entryPoints: [path.join(here, '..', 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  external: ['@ffmpeg-installer/ffmpeg'],
  define: { 'process.env.PETHEART_FEEDER_BUNDLE': JSON.stringify(version) },
  // Some dependencies call require() (mqtt's); an ESM bundle provides it.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`${path.relative(process.cwd(), outfile)}: ${(bytes / 1024).toFixed(0)} KiB (agent ${version})`);
