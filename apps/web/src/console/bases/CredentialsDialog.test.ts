import { describe, expect, it } from 'vitest';
import type { DeviceCredentials } from '@petheart/contracts';
import { connectionHints } from './CredentialsDialog';

const credentials = (broker_url: string, rtmp_url: string | null) =>
  ({
    device: { device_id: 'PH-0009' },
    secret: 'abc_DEF-123',
    broker_url,
    rtmp_url,
  }) as DeviceCredentials;

describe('credentials: where the feeder connects', () => {
  it('uses the addresses the server reports, with a loopback host made the console host', () => {
    const hints = connectionHints(
      credentials('mqtt://127.0.0.1:1883', 'rtmp://127.0.0.1:1935/live/PH-0009?key=abc_DEF-123'),
      '10.0.0.5',
    );
    expect(hints.broker).toBe('mqtt://10.0.0.5:1883');
    expect(hints.rtmp).toBe('rtmp://10.0.0.5:1935/live/PH-0009?key=abc_DEF-123');
    expect(hints.command).toBe(
      "npm run feeder -- --device PH-0009 --secret abc_DEF-123 --broker mqtt://10.0.0.5:1883 --rtmp 'rtmp://10.0.0.5:1935/live/PH-0009?key=abc_DEF-123'",
    );
  });

  it('keeps a real host, and leaves RTMP out when the server has no media server', () => {
    const hints = connectionHints(credentials('mqtts://broker.example:8883', null), 'console.example');
    expect(hints.broker).toBe('mqtts://broker.example:8883');
    expect(hints.rtmp).toBeNull();
    expect(hints.command).not.toContain('--rtmp');
    // Opened on the same machine: the loopback address stays.
    expect(connectionHints(credentials('mqtt://127.0.0.1:1883', null), 'localhost').broker).toBe(
      'mqtt://127.0.0.1:1883',
    );
  });
});
