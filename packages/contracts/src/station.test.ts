import { describe, expect, it } from 'vitest';
import { STATION_PRESETS, StationFileSchema, stationFileFor, stationFileProblems, stationPublishUrl } from './station';

const relayStation = {
  version: 1,
  device: 'PH-0042',
  secret_file: '/etc/petheart-feeder/secret',
  broker: 'mqtts://broker.example.org:8883',
  media: { ingest: 'rtmp://media.example.org:1935/live' },
  hardware: {
    motor: { kind: 'relay', gpio: { line: 17 }, ms_per_gram: 35 },
    scale: { kind: 'hx711', counts_per_gram: 412.5 },
    hopper: { kind: 'estimated', capacity_grams: 4000 },
    camera: { kind: 'rtsp', url: 'rtsp://admin:pw@192.168.1.20:554/stream1' },
  },
};

describe('station file', () => {
  it('fills the defaults a real station relies on: hard run limit, jam watch, settling, IIO channel', () => {
    const file = StationFileSchema.parse(relayStation);
    expect(file.hardware.motor).toMatchObject({
      kind: 'relay',
      gpio: { chip: 'gpiochip0', line: 17, active_low: false },
      max_run_ms: 15_000,
      jam: { window_ms: 1500, min_rise_grams: 1 },
    });
    expect(file.hardware.scale).toMatchObject({ device: 'iio:device0', channel: 'in_voltage0_raw', samples: 7 });
    expect(file.hardware.camera).toMatchObject({ transport: 'tcp', reencode: 'auto' });
    expect(file.state_dir).toBe('/var/lib/petheart-feeder');
  });

  it('lists every problem at once, each with where it is', () => {
    const parsed = StationFileSchema.safeParse({
      version: 1,
      device: 'x',
      secret: 'short',
      broker: 'http://broker',
      hardware: {
        motor: { kind: 'relay', gpio: { line: -1 }, ms_per_gram: 0 },
        scale: { kind: 'hx711', counts_per_gram: 0 },
        hopper: { kind: 'tank' },
      },
    });
    expect(parsed.success).toBe(false);
    const problems = parsed.success ? [] : stationFileProblems(parsed.error);
    expect(problems).toEqual(
      expect.arrayContaining([
        'device: 3–64 letters, digits, _ or -',
        'secret: at least 16 characters',
        'broker: an mqtt:// or mqtts:// URL',
        'hardware.motor.gpio.line: 0 or above',
        'hardware.motor.ms_per_gram: above 0',
        'hardware.scale.counts_per_gram: not 0',
        'hardware.hopper.kind: sim, estimated or hx711',
      ]),
    );
    expect(problems).toHaveLength(7);
  });

  it('needs exactly one of secret and secret_file, and a media ingest for a camera', () => {
    const both = StationFileSchema.safeParse({ ...relayStation, secret: 'a'.repeat(20) });
    expect(both.success ? [] : stationFileProblems(both.error)).toEqual([
      'secret: give the secret, or a secret_file holding it (one of the two)',
    ]);
    const noMedia = StationFileSchema.safeParse({ ...relayStation, media: undefined });
    expect(noMedia.success ? [] : stationFileProblems(noMedia.error)).toEqual([
      'media: media.ingest is needed to stream the camera',
    ]);
  });

  it('refuses a simulated motor over a real scale, and a simulated hopper on a real station', () => {
    const mixed = StationFileSchema.safeParse({
      ...relayStation,
      hardware: { ...relayStation.hardware, motor: { kind: 'sim' }, hopper: { kind: 'sim' } },
    });
    expect(mixed.success ? [] : stationFileProblems(mixed.error)).toEqual([
      'hardware.scale.kind: a simulated motor goes with the simulated scale, and a real one with a real scale',
    ]);
    const simHopper = StationFileSchema.safeParse({
      ...relayStation,
      hardware: { ...relayStation.hardware, hopper: { kind: 'sim' } },
    });
    expect(simHopper.success ? [] : stationFileProblems(simHopper.error)).toEqual([
      'hardware.hopper.kind: the simulated hopper goes with the simulated motor only (a real station: estimated or hx711)',
    ]);
  });

  it('takes a stepper with STEP on a PWM channel and ENABLE required', () => {
    const stepper = { kind: 'stepper', step: {}, dir: { line: 23 }, enable: { line: 24, active_low: true } };
    const file = StationFileSchema.parse({
      ...relayStation,
      hardware: { ...relayStation.hardware, motor: { ...stepper, steps_per_gram: 40 } },
    });
    expect(file.hardware.motor).toMatchObject({
      step: { chip: 'pwmchip0', channel: 0 },
      enable: { chip: 'gpiochip0', line: 24, active_low: true },
      step_hz: 800,
      forward: 1,
    });
    const wrong = StationFileSchema.safeParse({
      ...relayStation,
      hardware: {
        ...relayStation.hardware,
        motor: { ...stepper, step: { chip: 'gpiochip0', channel: 16 }, enable: undefined, steps_per_gram: 40 },
      },
    });
    expect(wrong.success ? [] : stationFileProblems(wrong.error)).toEqual([
      'hardware.motor.step.chip: pwmchipN',
      'hardware.motor.step.channel: at most 15',
      'hardware.motor.enable: Invalid input: expected object, received undefined',
    ]);
  });

  it('builds the camera publish address with the secret as its key', () => {
    expect(stationPublishUrl('rtmp://m.example/live/', 'PH-0042', 'a b&c')).toBe(
      'rtmp://m.example/live/PH-0042?key=a%20b%26c',
    );
  });

  it('gives a valid file for every console preset, without a camera when the server has no media ingest', () => {
    const credentials = { device: 'PH-0042', secret: 's'.repeat(32), broker_url: 'mqtt://h:1883' };
    for (const preset of STATION_PRESETS) {
      const file = StationFileSchema.parse(stationFileFor({ ...credentials, media_ingest: 'rtmp://h/live' }, preset));
      expect(file.media?.ingest).toBe('rtmp://h/live');
      expect(file.hardware.camera.kind).not.toBe('none');
      const noMedia = StationFileSchema.parse(stationFileFor({ ...credentials, media_ingest: null }, preset));
      expect(noMedia.hardware.camera).toEqual({ kind: 'none' });
    }
  });
});
