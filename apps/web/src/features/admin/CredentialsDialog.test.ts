import { describe, expect, it } from 'vitest';
import { connectionHints } from './CredentialsDialog';

describe('credentials: where the feeder connects', () => {
  it('fills the broker and RTMP addresses and the agent command for the device', () => {
    const hints = connectionHints('10.0.0.5', 'PH-0009', 'abc_DEF-123');
    expect(hints.broker).toBe('mqtt://10.0.0.5:1883');
    expect(hints.rtmp).toBe('rtmp://10.0.0.5:1935/live/PH-0009?key=abc_DEF-123');
    expect(hints.command).toBe(
      "npm run feeder -- --device PH-0009 --secret abc_DEF-123 --broker mqtt://10.0.0.5:1883 --rtmp 'rtmp://10.0.0.5:1935/live/PH-0009?key=abc_DEF-123'",
    );
  });
});
