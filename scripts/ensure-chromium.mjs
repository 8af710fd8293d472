// Makes sure Debian's Chromium and CJK fonts are present for the browser tests.
// As root it installs them (apt-get); otherwise it stops with the exact command to run.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const fonts = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const command = 'apt-get update && apt-get install -y chromium fonts-noto-cjk';

if (existsSync(chromium) && existsSync(fonts)) process.exit(0);
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`Chromium or CJK fonts missing: running \`${command}\``);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['update', '-qq'], { env });
  if (code === 0) code = await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { env });
  process.exit(code);
}
console.error(`The browser tests need Debian's Chromium and CJK fonts. Run:\n\n  sudo ${command}\n`);
process.exit(1);
