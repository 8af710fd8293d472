import { z } from 'zod';

/**
 * Command-line options of the feeder agent:
 * `--device ID --secret S --broker URL [--rtmp URL [--camera sim|none|/dev/videoN]] [--state-dir DIR] [--sim]`.
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
  /** Simulated motor, scale and hopper (the default; this build has no real drivers yet). */
  sim: z
    .enum(['true', 'false'], { error: 'sim: true or false' })
    .default('true')
    .transform((v) => v === 'true'),
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

export function readOptions(argv: string[]): { ok: true; options: AgentOptions } | { ok: false; problems: string[] } {
  const parsed = AgentOptionsSchema.safeParse(parseArgs(argv));
  if (parsed.success) return { ok: true, options: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((i) => i.message) };
}
