import { z } from 'zod';
import { BooleanSchema, IntSchema, StringSchema } from './fields';

/**
 * The station file: everything a feeder agent needs to run one feeding station (the console's "Add device"
 * hands it out, as a download and a QR code). JSON, validated at the agent's start, where every problem is
 * listed at once. Calibration the console changes later (tare, grams per unit) lives in the agent's state
 * folder and overrides the numbers here.
 */

export const STATION_FILE_VERSION = 1;

const positive = () => z.number({ error: 'a number' }).positive('above 0');
const positiveInt = () => z.number({ error: 'a whole number' }).int('a whole number').positive('above 0');

/** A GPIO line on the Linux character device: a chip (`gpiochip0`, or its path) and a line offset. */
export const GpioLineSchema = z.object({
  chip: z
    .string()
    .regex(/^(gpiochip\d+|\/dev\/gpiochip\d+)$/, 'gpiochipN or /dev/gpiochipN')
    .default('gpiochip0'),
  line: z.number().int('a whole number').min(0, '0 or above').max(1023, 'at most 1023'),
  /** The line is active (motor on, driver enabled) when low. */
  active_low: BooleanSchema.default(false),
});
export type GpioLine = z.output<typeof GpioLineSchema>;

/** Watching the scale while the motor runs: a jam is declared when it rises less than this in a window. */
export const JamWatchSchema = z.object({
  window_ms: positiveInt().default(1500),
  min_rise_grams: positive().default(1),
});

/** Hard limits every motor obeys. */
const motorLimits = {
  /** The motor never runs longer than this in one dispense, whatever the calibration says. */
  max_run_ms: positiveInt().max(60_000, 'at most 60000').default(15_000),
  jam: JamWatchSchema.prefault({}),
};

export const MotorConfigSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('sim'), ms_per_gram: positive().default(20) }),
    /** A DC auger or valve switched by a relay or MOSFET on one line, run for a calibrated time per gram. */
    z.object({
      kind: z.literal('relay'),
      gpio: GpioLineSchema,
      ms_per_gram: positive(),
      ...motorLimits,
    }),
    /**
     * A stepper driver (A4988, DRV8825, TMC2209): STEP from a hardware PWM channel (no process can toggle a
     * line at 800 Hz; decision 035), DIR and ENABLE on GPIO lines. ENABLE is required: when the agent dies
     * mid-run the PWM keeps pulsing, and only ENABLE falling back to its pull (inactive) stops the motor.
     */
    z.object({
      kind: z.literal('stepper'),
      /** `/sys/class/pwm/<chip>/pwm<channel>` (a Raspberry Pi: `dtoverlay=pwm`, GPIO 18 = pwmchip0 channel 0). */
      step: z.object({
        chip: z
          .string()
          .regex(/^pwmchip\d+$/, 'pwmchipN')
          .default('pwmchip0'),
        channel: z.number().int('a whole number').min(0, '0 or above').max(15, 'at most 15').default(0),
      }),
      dir: GpioLineSchema,
      enable: GpioLineSchema,
      steps_per_gram: positive(),
      /** Steps per second. */
      step_hz: positiveInt().max(20_000, 'at most 20000').default(800),
      /** DIR's level for feeding (the other way clears a jam). */
      forward: z.union([z.literal(0), z.literal(1)]).default(1),
      ...motorLimits,
    }),
  ],
  { error: 'sim, relay or stepper' },
);
export type MotorConfig = z.output<typeof MotorConfigSchema>;

/** An HX711 behind the Linux IIO driver: `/sys/bus/iio/devices/<device>/<channel>`. */
const Hx711Schema = {
  /** An IIO device folder name (`iio:device0`), or the device's `name` to look for (`hx711`). */
  device: StringSchema.min(1, 'an IIO device such as iio:device0').default('iio:device0'),
  channel: z
    .string()
    .regex(/^in_voltage\d+_raw$/, 'in_voltageN_raw')
    .default('in_voltage0_raw'),
  /** Raw counts per gram (negative when the cell is mounted the other way). */
  counts_per_gram: z.number({ error: 'a number' }).refine((n) => n !== 0, 'not 0'),
  /** Raw reading with nothing on the cell. */
  zero: z.number({ error: 'a number' }).default(0),
  /** Readings per measurement (their median is taken). */
  samples: positiveInt().max(50, 'at most 50').default(7),
  /** Wait after the motor stops before measuring. */
  settle_ms: IntSchema.min(0).max(10_000).default(400),
};

export const ScaleConfigSchema = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('sim') }), z.object({ kind: z.literal('hx711'), ...Hx711Schema })],
  { error: 'sim or hx711' },
);
export type ScaleConfig = z.output<typeof ScaleConfigSchema>;

export const HopperConfigSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('sim'), capacity_grams: positiveInt().default(5000) }),
    /** No sensor: the level starts full at a refill and falls by what the scale measured. */
    z.object({ kind: z.literal('estimated'), capacity_grams: positiveInt() }),
    /** A second load cell under the hopper. */
    z.object({ kind: z.literal('hx711'), capacity_grams: positiveInt(), ...Hx711Schema }),
  ],
  { error: 'sim, estimated or hx711' },
);
export type HopperConfig = z.output<typeof HopperConfigSchema>;

const fps = IntSchema.min(1, '1 or more').max(30, 'at most 30');

export const CameraConfigSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('sim') }),
    z.object({
      kind: z.literal('v4l2'),
      device: StringSchema.regex(/^\/dev\/[A-Za-z0-9_./-]+$/, 'a V4L2 device such as /dev/video0'),
      width: positiveInt().default(640),
      height: positiveInt().default(480),
      fps: fps.default(15),
      /** The camera outputs H.264 itself: published as is. */
      h264: BooleanSchema.default(false),
    }),
    z.object({
      kind: z.literal('rtsp'),
      /** rtsp://user:password@host:554/path (the password never appears in a log). */
      url: z.url({ protocol: /^rtsps?$/, error: 'an rtsp:// URL' }),
      transport: z.enum(['tcp', 'udp'], { error: 'tcp or udp' }).default('tcp'),
      /** auto: relayed as is when the camera sends H.264, re-encoded otherwise. */
      reencode: z.enum(['auto', 'always', 'never'], { error: 'auto, always or never' }).default('auto'),
    }),
  ],
  { error: 'none, sim, v4l2 or rtsp' },
);
export type CameraConfig = z.output<typeof CameraConfigSchema>;

export const StationFileSchema = z
  .object({
    version: z.literal(STATION_FILE_VERSION, { error: `must be ${String(STATION_FILE_VERSION)}` }),
    /** The device id (the MQTT username). */
    device: StringSchema.regex(/^[A-Za-z0-9_-]{3,64}$/, '3–64 letters, digits, _ or -'),
    /** The device secret, or `secret_file`: a file holding it (kept out of the station file). */
    secret: StringSchema.min(16, 'at least 16 characters').optional(),
    secret_file: StringSchema.min(1, 'a path').optional(),
    broker: z.url({ protocol: /^mqtts?$/, error: 'an mqtt:// or mqtts:// URL' }),
    /** The media server's RTMP ingest, without the device: the camera publishes to `{ingest}/{device}?key=…`. */
    media: z.object({ ingest: z.url({ protocol: /^rtmps?$/, error: 'an rtmp:// URL' }) }).optional(),
    /** Where the agent keeps its files (executed ids, answers, calibration, hopper level). */
    state_dir: StringSchema.min(1, 'a folder').default('/var/lib/petheart-feeder'),
    hardware: z.object({
      motor: MotorConfigSchema,
      scale: ScaleConfigSchema,
      hopper: HopperConfigSchema,
      camera: CameraConfigSchema.default({ kind: 'none' }),
    }),
  })
  .refine((f) => (f.secret === undefined) !== (f.secret_file === undefined), {
    message: 'give the secret, or a secret_file holding it (one of the two)',
    path: ['secret'],
  })
  .refine((f) => (f.hardware.motor.kind === 'sim') === (f.hardware.scale.kind === 'sim'), {
    message: 'a simulated motor goes with the simulated scale, and a real one with a real scale',
    path: ['hardware', 'scale', 'kind'],
  })
  .refine((f) => (f.hardware.motor.kind === 'sim') === (f.hardware.hopper.kind === 'sim'), {
    message: 'the simulated hopper goes with the simulated motor only (a real station: estimated or hx711)',
    path: ['hardware', 'hopper', 'kind'],
  })
  .refine((f) => f.hardware.camera.kind === 'none' || f.media !== undefined, {
    message: 'media.ingest is needed to stream the camera',
    path: ['media'],
  });
export type StationFile = z.output<typeof StationFileSchema>;
export type StationFileInput = z.input<typeof StationFileSchema>;

/** The RTMP publish address of a station's camera. */
export const stationPublishUrl = (ingest: string, device: string, secret: string): string =>
  `${ingest.replace(/\/+$/, '')}/${encodeURIComponent(device)}?key=${encodeURIComponent(secret)}`;

/** Every problem of a station file, one line each, with where it is (`…`). */
export function stationFileProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.map(String).join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

/** The hardware a new station starts from in the console ("Add device"); calibration follows on the board. */
export const STATION_PRESETS = ['sim', 'relay-usb', 'stepper-rtsp'] as const;
export type StationPreset = (typeof STATION_PRESETS)[number];

const presetHardware = (preset: StationPreset, rtspUrl: string): StationFileInput['hardware'] => {
  if (preset === 'sim')
    return { motor: { kind: 'sim' }, scale: { kind: 'sim' }, hopper: { kind: 'sim' }, camera: { kind: 'sim' } };
  // A typical HX711 with a 5 kg cell reads ~400 counts per gram: a start, calibrated with a known weight.
  const scale = { kind: 'hx711' as const, device: 'hx711', counts_per_gram: 400 };
  if (preset === 'relay-usb')
    return {
      motor: { kind: 'relay', gpio: { chip: 'gpiochip0', line: 17 }, ms_per_gram: 40 },
      scale,
      hopper: { kind: 'estimated', capacity_grams: 4000 },
      camera: { kind: 'v4l2', device: '/dev/video0' },
    };
  return {
    motor: {
      kind: 'stepper',
      step: { chip: 'pwmchip0', channel: 0 },
      dir: { chip: 'gpiochip0', line: 23 },
      enable: { chip: 'gpiochip0', line: 24, active_low: true },
      steps_per_gram: 25,
    },
    scale,
    hopper: { kind: 'estimated', capacity_grams: 4000 },
    camera: { kind: 'rtsp', url: rtspUrl },
  };
};

/** A new station's file from the credentials the console was given, for one of the presets. */
export function stationFileFor(
  credentials: { device: string; secret: string; broker_url: string; media_ingest: string | null },
  preset: StationPreset,
  rtspUrl = 'rtsp://user:password@192.168.1.64:554/stream1',
): StationFileInput {
  const hardware = presetHardware(preset, rtspUrl);
  return {
    version: STATION_FILE_VERSION,
    device: credentials.device,
    secret: credentials.secret,
    broker: credentials.broker_url,
    ...(credentials.media_ingest ? { media: { ingest: credentials.media_ingest } } : {}),
    hardware: credentials.media_ingest ? hardware : { ...hardware, camera: { kind: 'none' } },
  };
}
