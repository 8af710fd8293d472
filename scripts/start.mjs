// `npm start`: builds the web app, then starts the whole product with embedded defaults
// (PGlite database, outbox mail, demo data) at http://127.0.0.1:8080 (PORT overrides).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

if (process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
  if (code !== 0) process.exit(code);
  // The feeder agent that stations download from /station/ (docs/stations.md); well under a second.
  const agent = await run(process.execPath, [path.join(root, 'apps/feeder/scripts/bundle.mjs')]);
  if (agent !== 0) process.exit(agent);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
