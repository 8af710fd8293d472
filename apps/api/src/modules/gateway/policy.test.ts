import { describe, expect, it } from 'vitest';
import { clientIdAllowed, isDeviceUsername, mayPublish, maySubscribe, type MqttIdentity } from './policy';

const device: MqttIdentity = { kind: 'device', deviceId: 'PH-0001' };

describe('broker policy', () => {
  it('lets a device publish only its own ack and state', () => {
    expect(mayPublish(device, 'petheart/v1/devices/PH-0001/ack')).toBe(true);
    expect(mayPublish(device, 'petheart/v1/devices/PH-0001/state')).toBe(true);
    expect(mayPublish(device, 'petheart/v1/devices/PH-0001/cmd')).toBe(false);
    expect(mayPublish(device, 'petheart/v1/devices/PH-0001/config')).toBe(false);
    expect(mayPublish(device, 'petheart/v1/devices/PH-0002/state')).toBe(false);
    expect(mayPublish(device, 'petheart/v1/devices/PH-0001/state/x')).toBe(false);
  });

  it('lets a device subscribe only to its own cmd and config topics, no wildcards', () => {
    expect(maySubscribe(device, 'petheart/v1/devices/PH-0001/cmd')).toBe(true);
    expect(maySubscribe(device, 'petheart/v1/devices/PH-0001/config')).toBe(true);
    expect(maySubscribe(device, 'petheart/v1/devices/PH-0002/config')).toBe(false);
    expect(maySubscribe(device, 'petheart/v1/devices/PH-0001/state')).toBe(false);
    expect(maySubscribe(device, 'petheart/v1/devices/PH-0002/cmd')).toBe(false);
    expect(maySubscribe(device, 'petheart/v1/devices/+/cmd')).toBe(false);
    expect(maySubscribe(device, '#')).toBe(false);
    expect(maySubscribe(device, '$SYS/#')).toBe(false);
  });

  it('pins client ids, so one device cannot take over another’s session', () => {
    expect(clientIdAllowed(device, 'device-PH-0001')).toBe(true);
    expect(clientIdAllowed(device, 'device-PH-0002')).toBe(false);
    expect(clientIdAllowed(device, 'petheart-api-1a2b')).toBe(false);
  });

  it('never treats the service account or malformed names as devices', () => {
    expect(isDeviceUsername('PH-0001')).toBe(true);
    expect(isDeviceUsername('petheart-api')).toBe(false);
    expect(isDeviceUsername('a/b')).toBe(false);
  });
});
