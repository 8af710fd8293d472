import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { expect } from '@playwright/test';
import { resolveFfmpeg, silentLogger, startSimulatedFleet, type SimulatedFleet } from '@petheart/feeder';
import { callApi } from './api';

export const ADMIN = { email: 'admin@petheart.local', password: 'petheart-admin' };
export const DEMO_USER = { email: 'demo@petheart.local', password: 'petheart-demo' };
export const DEMO_FRIEND = { email: 'friend@petheart.local', password: 'petheart-demo' };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.config.ts`);
  return value;
}
export const mqttUrl = () => required('PETHEART_E2E_MQTT_URL');
export const rtmpUrl = () => required('PETHEART_E2E_RTMP_URL');

export async function loginByApi(baseURL: string, account: string, password: string): Promise<string> {
  const res = await callApi(baseURL, '/user/login', { account, password });
  expect(res.code, res.msg).toBe(1);
  return (res.data as { userinfo: { token: string } }).userinfo.token;
}

export interface Provisioned {
  id: string;
  secret: string;
  baseId: number;
  /** The camera's publish address, as the console shows it with the secret. */
  rtmpUrl: string;
}

/** Provisions a fresh device at the first demo base through the console API (its secret comes back once). */
export async function provisionDevice(baseURL: string, name: string): Promise<Provisioned> {
  const admin = await loginByApi(baseURL, ADMIN.email, ADMIN.password);
  const bases = await callApi(baseURL, '/admin/base/list', { limit: 1 }, admin);
  const base = (bases.data as { list: { id: number }[] }).list[0];
  if (!base) throw new Error('no demo base');
  const made = await callApi(baseURL, '/admin/device/provision', { base_id: base.id, name }, admin);
  expect(made.code, made.msg).toBe(1);
  const data = made.data as { device: { device_id: string }; secret: string; rtmp_url: string | null };
  if (!data.rtmp_url) throw new Error('the server runs no media server');
  return { id: data.device.device_id, secret: data.secret, baseId: base.id, rtmpUrl: data.rtmp_url };
}

export interface DeviceView {
  feeder_online: boolean;
  camera_online: boolean;
}

/** The device as a viewer sees it (live room detail). */
export async function deviceState(baseURL: string, id: string): Promise<DeviceView> {
  const res = await callApi(baseURL, '/live/detail', { device_id: id });
  expect(res.code, res.msg).toBe(1);
  return (res.data as { device: DeviceView }).device;
}

/** Connects to the devices' broker as `id` (MQTT 3.1.1, as the embedded broker speaks). */
export function connectDevice(id: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(mqttUrl(), {
      protocolVersion: 4,
      clientId: `device-${id}`,
      username: id,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    client.once('connect', () => {
      resolve(client);
    });
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** Publishes a 320x240 test pattern to `url` with ffmpeg; resolves with ffmpeg's exit code (after `seconds`). */
export function publishTestPattern(url: string, seconds: number): Promise<number | null> {
  const child = spawn(
    resolveFfmpeg(),
    ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'].concat([
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '15',
      '-f',
      'flv',
      url,
    ]),
    { stdio: 'ignore' },
  );
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
}

/** A simulated feeder (agent, motor, scale, hopper and camera) for one device, run by the test itself. */
export async function startFeeder(device: Provisioned): Promise<SimulatedFleet> {
  const fleet = await startSimulatedFleet({
    devices: [{ id: device.id, secret: device.secret, rtmpUrl: device.rtmpUrl }],
    broker: mqttUrl(),
    stateDir: mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'feeder-')),
    simulatedCamera: true,
    logger: () => silentLogger,
  });
  await fleet.ready();
  return fleet;
}
