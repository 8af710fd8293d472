import { writeFileSync } from 'node:fs';
import { stationFileFor } from '@petheart/contracts';
import { startRtspCamera } from '../../apps/feeder/src/test-support/rtsp-camera';
import { expect, test } from '../support/fixtures';
import { callApi } from '../support/api';
import { ADMIN, loginByApi, mqttUrl, provisionDevice } from '../support/devices';
import { runStation } from '../support/station';

/**
 * Issue 27 §1: a station with an IP camera. A stand-in camera (GStreamer's RTSP server, with a password) streams
 * H.264; the bundled agent, on the station file the console would give, relays it to the media server without
 * re-encoding; the live room plays it in the browser, and neither the camera's password nor the device secret
 * appears in the agent's log.
 */
test('an IP camera station: its RTSP stream reaches the live room and plays', async ({ page, baseURL }, testInfo) => {
  const camera = await startRtspCamera({ user: 'admin', password: 'cam-Pa55-word' });
  const device = await provisionDevice(baseURL ?? '', 'IP camera feeder');
  const file = testInfo.outputPath('station.json');
  const station = stationFileFor(
    {
      device: device.id,
      secret: device.secret,
      broker_url: mqttUrl(),
      media_ingest: device.rtmpUrl.slice(0, device.rtmpUrl.indexOf(`/${device.id}?`)),
    },
    'sim',
  );
  writeFileSync(
    file,
    JSON.stringify({
      ...station,
      hardware: { ...station.hardware, camera: { kind: 'rtsp', url: camera.url('h264') } },
    }),
  );
  const agent = runStation(file);
  try {
    await page.goto(`/pages/live/live?device_id=${device.id}`);
    const video = page.getByTestId('live-video');
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 45_000 })
      .toBeGreaterThan(1);
    const at = await video.evaluate((v) => (v as HTMLVideoElement).currentTime);
    await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(at + 1);
    expect(agent.log()).toContain('relaying the RTSP stream');
    expect(agent.log()).not.toContain('cam-Pa55-word');
    expect(agent.log()).not.toContain(device.secret);
  } finally {
    await agent.stop();
    await camera.stop();
    // Out of the public lists, so that other specs' rooms stay where they expect them.
    const admin = await loginByApi(baseURL ?? '', ADMIN.email, ADMIN.password);
    await callApi(baseURL ?? '', '/admin/device/disable', { device_id: device.id }, admin);
  }
});
