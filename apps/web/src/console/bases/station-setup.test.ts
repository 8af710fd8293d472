import { describe, expect, it } from 'vitest';
import { StationFileSchema, type DeviceCredentials } from '@petheart/contracts';
import { installCommand, stationFile } from './station-setup';

const credentials = {
  device: { device_id: 'PH-0009' },
  secret: 's'.repeat(32),
  broker_url: 'mqtt://127.0.0.1:1883',
  rtmp_url: `rtmp://127.0.0.1:1935/live/PH-0009?key=${'s'.repeat(32)}`,
  media_ingest: 'rtmp://127.0.0.1:1935/live',
  install_command: 'curl -fsSL http://127.0.0.1:8080/station/install.sh | sudo bash -s -- station.json',
} as DeviceCredentials;

describe('the new station’s file and install line', () => {
  it('names the addresses the board reaches: a loopback host becomes the console’s host', () => {
    const file = StationFileSchema.parse(JSON.parse(stationFile(credentials, 'relay-usb', '10.0.0.5')));
    expect(file).toMatchObject({
      device: 'PH-0009',
      secret: 's'.repeat(32),
      broker: 'mqtt://10.0.0.5:1883',
      media: { ingest: 'rtmp://10.0.0.5:1935/live' },
    });
    expect(file.hardware.motor.kind).toBe('relay');
    expect(installCommand(credentials, '10.0.0.5')).toBe(
      'curl -fsSL http://10.0.0.5:8080/station/install.sh | sudo bash -s -- station.json',
    );
  });

  it('takes the IP camera address given for the RTSP preset; no camera without media; loopback kept on localhost', () => {
    const rtsp = StationFileSchema.parse(
      JSON.parse(stationFile(credentials, 'stepper-rtsp', 'console.example', 'rtsp://u:p@192.168.1.9/s1')),
    );
    expect(rtsp.hardware.camera).toMatchObject({ kind: 'rtsp', url: 'rtsp://u:p@192.168.1.9/s1' });
    const none = StationFileSchema.parse(
      JSON.parse(stationFile({ ...credentials, media_ingest: null }, 'sim', 'localhost')),
    );
    expect(none.hardware.camera).toEqual({ kind: 'none' });
    expect(none.broker).toBe('mqtt://127.0.0.1:1883');
  });
});
