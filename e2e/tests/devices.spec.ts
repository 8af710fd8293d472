import { deviceTopics } from '@petheart/contracts';
import { expect, test } from '../support/fixtures';
import { connectDevice, deviceState, provisionDevice, publishTestPattern, rtmpUrl } from '../support/devices';

// The device boundary of the running product: the embedded broker's sign-in and ACL, and the media server's
// stream keys. No browser: these are what a rogue or misconfigured feeder on the network could try.

test('a device with a wrong secret cannot connect to the broker', async ({ baseURL }) => {
  const device = await provisionDevice(baseURL ?? '', 'Wrong secret feeder');
  await expect(connectDevice(device.id, 'not-the-secret')).rejects.toThrow(/not authorized|bad user ?name/i);
  await expect(connectDevice('PH-9999', device.secret)).rejects.toThrow(/not authorized|bad user ?name/i);
  const client = await connectDevice(device.id, device.secret);
  await client.endAsync();
});

test("a device cannot subscribe to or publish on another device's topics", async ({ baseURL }) => {
  const a = await provisionDevice(baseURL ?? '', 'ACL feeder A');
  const b = await provisionDevice(baseURL ?? '', 'ACL feeder B');
  const client = await connectDevice(a.id, a.secret);
  // Subscribing to B's commands is refused (the broker grants QoS 128); A's own commands are allowed.
  await expect(client.subscribeAsync(deviceTopics(b.id).cmd, { qos: 1 })).rejects.toThrow(/subscribe error/i);
  const granted = await client.subscribeAsync(deviceTopics(a.id).cmd, { qos: 1 });
  expect(granted.map((g) => g.qos)).toEqual([1]);
  // Publishing B's state ends A's connection, and B stays offline.
  const closed = new Promise<void>((resolve) => {
    client.once('close', () => {
      resolve();
    });
  });
  const forged = { v: 1, online: true, feeder_online: true, camera_online: true, food_stock: 1, firmware: 'x' };
  client.publish(deviceTopics(b.id).state, JSON.stringify({ ...forged, at: Date.now() }), { qos: 1, retain: true });
  await closed;
  client.end(true);
  expect(await deviceState(baseURL ?? '', b.id)).toMatchObject({ feeder_online: false, camera_online: false });
});

test("a device cannot publish another device's stream", async ({ baseURL }) => {
  const a = await provisionDevice(baseURL ?? '', 'Stream feeder A');
  const b = await provisionDevice(baseURL ?? '', 'Stream feeder B');
  // A's key on B's stream: the media server refuses the publish and ffmpeg gives up.
  expect(await publishTestPattern(`${rtmpUrl()}/live/${b.id}?key=${a.secret}`, 3)).not.toBe(0);
  expect(await publishTestPattern(`${rtmpUrl()}/live/${b.id}`, 3)).not.toBe(0);
  expect((await deviceState(baseURL ?? '', b.id)).camera_online).toBe(false);
  // A's key on A's own stream is accepted: the camera comes online while it publishes.
  const publishing = publishTestPattern(a.rtmpUrl, 6);
  await expect.poll(async () => (await deviceState(baseURL ?? '', a.id)).camera_online, { timeout: 5_000 }).toBe(true);
  expect(await publishing).toBe(0);
  await expect.poll(async () => (await deviceState(baseURL ?? '', a.id)).camera_online, { timeout: 5_000 }).toBe(false);
});
