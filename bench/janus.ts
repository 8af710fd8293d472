import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './lib';

// Debian's Janus (`apt-get install -y janus`) for bench/webrtc-janus.ts: a throwaway configuration with only the
// streaming plugin and the HTTP transport on 127.0.0.1, one RTP mountpoint for H.264, and the few Janus API
// calls a viewer needs (create, attach, watch, start), over plain HTTP with long polls for the events.

const LIB = '/usr/lib/x86_64-linux-gnu/janus';
const PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'textroom',
  'videocall',
  'videoroom',
  'voicemail',
];
const TRANSPORTS = ['mqtt', 'nanomsg', 'pfunix', 'rabbitmq', 'websockets'];
/** The mountpoint's id and RTP payload type. */
export const MOUNTPOINT = 1;
export const PAYLOAD_TYPE = 96;

/** A free UDP port on 127.0.0.1 (Janus's RTP listener for the mountpoint). */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => {
        resolve(port);
      });
    });
  });
}

export interface RunningJanus {
  /** The Janus API's base, e.g. http://127.0.0.1:PORT/janus. */
  url: string;
  /** Where the mountpoint takes RTP (H.264, payload type 96, packetization-mode 1). */
  rtpPort: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startJanus(binary = process.env.JANUS_PATH ?? '/usr/bin/janus'): Promise<RunningJanus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petheart-janus-'));
  const [httpPort, rtpPort] = [await freePort(), await freeUdpPort()];
  const disable = (names: string[]) => names.map((n) => `libjanus_${n}.so`).join(',');
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  session_timeout = 0
}
media: { rtp_port_range = "20000-40000" }
nat: {
  ice_enforce_list = "bench0"
  ignore_mdns = true
}
plugins: { disable = "${disable(PLUGINS)}" }
transports: { disable = "${disable(TRANSPORTS)}" }
loggers: { disable = "libjanus_jsonlog.so" }
events: { broadcast = false }
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: {
  base_path = "/janus"
  http = true
  port = ${String(httpPort)}
  ip = "127.0.0.1"
  https = false
}
admin: { admin_http = false }
`,
  );
  writeFileSync(
    path.join(dir, 'janus.plugin.streaming.jcfg'),
    `general: { }
camera: {
  type = "rtp"
  id = ${String(MOUNTPOINT)}
  description = "PetHeart camera (bench)"
  audio = false
  video = true
  videoport = ${String(rtpPort)}
  videoiface = "127.0.0.1"
  videopt = ${String(PAYLOAD_TYPE)}
  videocodec = "h264"
  videofmtp = "profile-level-id=42e01f;packetization-mode=1"
  videobufferkf = true
}
`,
  );
  const child = spawn(
    binary,
    ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o', '-N', '-L', path.join(dir, 'log')],
    {
      stdio: 'ignore', // its log is in the folder (GLib complains on stderr while it shuts down)
    },
  );
  const url = `http://127.0.0.1:${String(httpPort)}/janus`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`janus exited with ${String(child.exitCode)} (log: ${dir}/log)`);
    try {
      if ((await fetch(`${url}/info`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('janus did not answer within 20 s');
    await sleep(100);
  }
  return {
    url,
    rtpPort,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface JanusReply {
  janus: string;
  data?: { id?: number };
  plugindata?: { data?: Record<string, unknown> };
  jsep?: { type: 'offer' | 'answer'; sdp: string };
  error?: { code: number; reason: string };
}

async function call(url: string, body: Record<string, unknown>): Promise<JanusReply> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, transaction: randomBytes(6).toString('hex') }),
  });
  const reply = (await res.json()) as JanusReply;
  if (reply.janus === 'error') throw new Error(`janus: ${reply.error?.reason ?? 'error'}`);
  return reply;
}

/** One viewer's session and streaming-plugin handle. */
export interface JanusViewer {
  /** Asks to watch the mountpoint; resolves with Janus's SDP offer. */
  watch(): Promise<{ type: 'offer'; sdp: string }>;
  /** Sends the browser's answer (candidates included: half-trickle) and starts the stream. */
  start(answer: { type: 'answer'; sdp: string }): Promise<void>;
}

export async function janusViewer(base: string): Promise<JanusViewer> {
  const session = (await call(base, { janus: 'create' })).data?.id;
  if (!session) throw new Error('janus: no session');
  const handle = (await call(`${base}/${String(session)}`, { janus: 'attach', plugin: 'janus.plugin.streaming' })).data
    ?.id;
  if (!handle) throw new Error('janus: no handle');
  const handleUrl = `${base}/${String(session)}/${String(handle)}`;
  /** Long-polls the session's events until one the predicate accepts (Janus answers within 30 s anyway). */
  const nextEvent = async (accept: (e: JanusReply) => boolean): Promise<JanusReply> => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/${String(session)}?maxev=5&rid=${String(Date.now())}`);
      const events = (await res.json()) as JanusReply | JanusReply[];
      for (const e of Array.isArray(events) ? events : [events]) {
        if (process.env.JANUS_DEBUG) console.error(JSON.stringify(e));
        if (accept(e)) return e;
      }
    }
    throw new Error('janus: no answer in 30 s');
  };
  return {
    async watch() {
      await call(handleUrl, { janus: 'message', body: { request: 'watch', id: MOUNTPOINT } });
      const e = await nextEvent((x) => x.jsep?.type === 'offer');
      if (e.jsep?.type !== 'offer') throw new Error('janus: no offer');
      return { type: 'offer', sdp: e.jsep.sdp };
    },
    async start(answer) {
      await call(handleUrl, { janus: 'message', body: { request: 'start' }, jsep: answer });
      await call(handleUrl, { janus: 'trickle', candidate: { completed: true } });
    },
  };
}
