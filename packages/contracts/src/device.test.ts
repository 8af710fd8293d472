import { describe, expect, it } from 'vitest';
import { DeviceCommandSchema, deviceTopics, parseDeviceTopic } from './device';

describe('device protocol', () => {
  it('builds and parses a device’s own topics', () => {
    const t = deviceTopics('PH-0001');
    expect(t.cmd).toBe('petheart/v1/devices/PH-0001/cmd');
    expect(parseDeviceTopic(t.ack)).toEqual({ deviceId: 'PH-0001', kind: 'ack' });
  });

  it('rejects topics outside the protocol, wildcards included', () => {
    expect(parseDeviceTopic('petheart/v1/devices/+/cmd')).toBeNull();
    expect(parseDeviceTopic('petheart/v1/devices/PH-0001/cmd/extra')).toBeNull();
    expect(parseDeviceTopic('petheart/v2/devices/PH-0001/cmd')).toBeNull();
  });

  it('accepts only a well-formed dispense command', () => {
    const base = { v: 1, id: '3b241101-e2bb-4255-8caf-4136c566a962', kind: 'dispense', expires_at: 2, issued_at: 1 };
    expect(DeviceCommandSchema.safeParse({ ...base, grams: 10 }).success).toBe(true);
    expect(DeviceCommandSchema.safeParse({ ...base, grams: 0 }).success).toBe(false);
    expect(DeviceCommandSchema.safeParse({ ...base, grams: 10, kind: 'explode' }).success).toBe(false);
  });
});
