#!/usr/bin/env node
// The scaled-out media path on one machine (issue 26 §5): an nginx-rtmp origin and edge(s) on loopback,
// rendered from the templates beside this file. Debian packages: nginx-light and libnginx-mod-rtmp.
//
//   node deploy/nginx/nginx-media.mjs --api http://127.0.0.1:8080 --key "$MEDIA_SIGNING_KEY" \
//        --hook-token "$MEDIA_HOOK_TOKEN" [--dir .data/nginx] [--edges 1] [--rtmp-port 1935] [--edge-port 8081]
//        [--origin-port 8090]
//
// prints the API's media settings for this path, and runs until stopped (Ctrl-C stops the nginx processes).
// Tests import startNginxMedia() instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

const HERE = import.meta.dirname;
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
const MODULE_DIRS = ['/usr/lib/nginx/modules', '/usr/share/nginx/modules', '/usr/local/nginx/modules'];

/** The nginx binary and the folder holding ngx_rtmp_module.so, or undefined when they are not installed. */
export function findNginx(env = process.env) {
  const nginx = [env.NGINX_BIN, ...NGINX_CANDIDATES].find((p) => p && existsSync(p));
  const modules = [env.NGINX_MODULES, ...MODULE_DIRS].find((d) => d && existsSync(path.join(d, 'ngx_rtmp_module.so')));
  return nginx && modules ? { nginx, modules } : undefined;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for nginx to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Fills `{{NAME}}` placeholders; a placeholder without a value is an error, not an empty string. */
export function render(template, values) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}}`);
    return String(values[name]);
  });
}

function waitForPort(port, child, ms = 10_000) {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited (${child.exitCode}) before listening`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) return reject(new Error(`nginx did not listen on ${port}`));
        setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

async function startNginx(nginx, dir, name, conf, ports) {
  const file = path.join(dir, `${name}.conf`);
  await writeFile(file, conf);
  const child = spawn(nginx, ['-p', dir, '-c', file, '-e', path.join(dir, `${name}-error.log`)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  try {
    for (const port of ports) await waitForPort(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    const log = await readFile(path.join(dir, `${name}-error.log`), 'utf8').catch(() => '');
    throw new Error(`${name}: ${error.message}\n${stderr}${log.slice(-2000)}`, { cause: error });
  }
  return child;
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM'); // nginx: fast shutdown (a graceful one waits for the relays' open connections)
  });
}

/**
 * Starts an origin and `edges` edges on loopback. Answers the addresses the API's settings take
 * (MEDIA_INGEST_URL, MEDIA_PLAYBACK_URL, MEDIA_ORIGIN_URL) and stop().
 * @param {{ apiUrl: string, key: string, hookToken: string, dir: string, edges?: number,
 *           rtmpPort?: number, edgePort?: number, originPort?: number }} o
 */
export async function startNginxMedia(o) {
  const found = findNginx();
  if (!found)
    throw new Error('nginx with the RTMP module is not installed (apt-get install nginx-light libnginx-mod-rtmp)');
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(o.hookToken)) throw new Error('the hook token must be 16–128 of [A-Za-z0-9_-]');
  if (o.key.length < 32 || /[\s"'{};$\\]/.test(o.key))
    throw new Error('the signing key must be 32+ characters without spaces, quotes, braces, ; $ or \\');
  const dir = path.resolve(o.dir);
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const origin = { rtmp: o.rtmpPort ?? (await freePort()), http: o.originPort ?? (await freePort()) };
  const edges = [];
  for (let i = 0; i < (o.edges ?? 1); i++) {
    edges.push({
      name: `edge${i + 1}`,
      rtmp: await freePort(),
      http: i === 0 && o.edgePort ? o.edgePort : await freePort(),
    });
  }
  const templates = {
    origin: await readFile(path.join(HERE, 'origin.conf.template'), 'utf8'),
    edge: await readFile(path.join(HERE, 'edge.conf.template'), 'utf8'),
  };
  const children = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
  };
  try {
    for (const edge of edges) {
      const conf = render(templates.edge, {
        USER: user,
        DIR: dir,
        EDGE: edge.name,
        MODULES: found.modules,
        EDGE_RTMP: `127.0.0.1:${edge.rtmp}`,
        EDGE_HTTP: `127.0.0.1:${edge.http}`,
        ALLOW_PUBLISH: '      allow publish 127.0.0.1;',
        SECRET: o.key,
      });
      children.push(await startNginx(found.nginx, dir, edge.name, conf, [edge.rtmp, edge.http]));
    }
    const conf = render(templates.origin, {
      USER: user,
      DIR: dir,
      MODULES: found.modules,
      ORIGIN_RTMP: `127.0.0.1:${origin.rtmp}`,
      ORIGIN_HTTP: `127.0.0.1:${origin.http}`,
      API_URL: o.apiUrl.replace(/\/$/, ''),
      HOOK_TOKEN: o.hookToken,
      PUSH: edges.map((e) => `      push rtmp://127.0.0.1:${e.rtmp}/live;`).join('\n'),
    });
    children.push(await startNginx(found.nginx, dir, 'origin', conf, [origin.rtmp, origin.http]));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ingestUrl: `rtmp://127.0.0.1:${origin.rtmp}/live`,
    originUrl: `http://127.0.0.1:${origin.http}`,
    playbackUrls: edges.map((e) => `http://127.0.0.1:${e.http}`),
    pids: children.map((c) => c.pid),
    stop,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: 'http://127.0.0.1:8080' },
      key: { type: 'string', default: process.env.MEDIA_SIGNING_KEY },
      'hook-token': { type: 'string', default: process.env.MEDIA_HOOK_TOKEN },
      dir: { type: 'string', default: '.data/nginx' },
      edges: { type: 'string', default: '1' },
      'rtmp-port': { type: 'string', default: '1935' },
      'edge-port': { type: 'string', default: '8081' },
      'origin-port': { type: 'string', default: '8090' },
    },
  });
  if (!values.key || !values['hook-token']) {
    console.error('Give --key (or MEDIA_SIGNING_KEY) and --hook-token (or MEDIA_HOOK_TOKEN): the API uses the same.');
    process.exit(2);
  }
  const media = await startNginxMedia({
    apiUrl: values.api,
    key: values.key,
    hookToken: values['hook-token'],
    dir: values.dir,
    edges: Number(values.edges),
    rtmpPort: Number(values['rtmp-port']),
    edgePort: Number(values['edge-port']),
    originPort: Number(values['origin-port']),
  });
  console.log(`nginx origin and ${media.playbackUrls.length} edge(s) running. Start the API with:
  MEDIA_INGEST_URL=${media.ingestUrl}
  MEDIA_PLAYBACK_URL=${media.playbackUrls[0]}
  MEDIA_ORIGIN_URL=${media.originUrl}
  MEDIA_SIGNING_KEY=(the same key)  MEDIA_HOOK_TOKEN=(the same token)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void media.stop().then(() => process.exit(0)));
}
