import path from 'node:path';
import type { CameraConfig } from '@petheart/contracts';
import { z } from 'zod';
import type { LoadedStation } from './station-file';

/**
 * Command-line options of the feeder agent for development (a real station runs with `--station FILE`):
 * `--device ID --secret S --broker URL [--rtmp URL [--camera sim|none|/dev/videoN]] [--state-dir DIR]`.
 */
export const AgentOptionsSchema = z.object({
  device: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, 'device: 3–64 letters, digits, _ or -'),
  secret: z.string().min(16, 'secret: at least 16 characters'),
  broker: z.url({ protocol: /^mqtts?$/, error: 'broker: an mqtt:// or mqtts:// URL' }),
  /** The device's publish address, rtmp://HOST:PORT/live/{device}?key={secret} (used as given). */
  rtmp: z.url({ protocol: /^rtmps?$/, error: 'rtmp: an rtmp:// URL' }).optional(),
  /** What is streamed to --rtmp: the simulated scene (default), nothing, or a V4L2 camera such as /dev/video0. */
  camera: z
    .string()
    .regex(/^(sim|none|\/dev\/[A-Za-z0-9_./-]+)$/, 'camera: sim, none or a V4L2 device such as /dev/video0')
    .default('sim'),
  /** Where the agent keeps its own files (default data/feeder under the working folder). */
  'state-dir': z.string().min(1, 'state-dir: a folder').optional(),
  /** Simulated motor, scale and hopper: always, with flags (real hardware is described in a station file). */
  sim: z
    .literal('true', { error: 'sim: flags run simulated hardware only; describe real hardware in --station FILE' })
    .default('true'),
});
export type AgentOptions = z.output<typeof AgentOptionsSchema>;

export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const [key = '', inline] = arg.slice(2).split('=', 2);
    const next = argv[i + 1];
    if (inline !== undefined) out[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      out[key] = next;
      i += 1;
    } else out[key] = 'true';
  }
  return out;
}

/** Development flags as the station they describe: simulated motor, scale and hopper. */
export function flagsToStation(options: AgentOptions): LoadedStation {
  const camera: CameraConfig =
    !options.rtmp || options.camera === 'none'
      ? { kind: 'none' }
      : options.camera === 'sim'
        ? { kind: 'sim' }
        : { kind: 'v4l2', device: options.camera, width: 640, height: 480, fps: 15, h264: false };
  return {
    station: {
      version: 1,
      device: options.device,
      secret: options.secret,
      broker: options.broker,
      state_dir: options['state-dir'] ?? path.join('data', 'feeder'),
      hardware: {
        motor: { kind: 'sim', ms_per_gram: 20 },
        scale: { kind: 'sim' },
        hopper: { kind: 'sim', capacity_grams: 5000 },
        camera,
      },
    },
    secret: options.secret,
    rtmpUrl: options.rtmp,
    stateDir: path.resolve(options['state-dir'] ?? path.join('data', 'feeder')),
    warnings: [],
  };
}

export function readOptions(argv: string[]): { ok: true; options: AgentOptions } | { ok: false; problems: string[] } {
  const parsed = AgentOptionsSchema.safeParse(parseArgs(argv));
  if (parsed.success) return { ok: true, options: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => i.message) };
}
