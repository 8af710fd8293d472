import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs with embedded defaults when nothing is set', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.outboxDir).toBe(path.join('/srv/app/data', 'outbox'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oauth.google).toBeUndefined();
  });

  it('reads overrides, and treats empty variables as unset', () => {
    const c = loadConfig({ PORT: '9000', DATA_DIR: '/var/ph', SMTP_URL: '', DATABASE_URL: 'postgres://u@h/db' }, '/x');
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe('/var/ph');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL: must start with postgres/);
      expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
    }
  });

  it('takes the nginx media path only whole, with a signing key nginx can hold', () => {
    const nginx = {
      MEDIA_INGEST_URL: 'rtmp://origin:1935/live',
      MEDIA_PLAYBACK_URL: 'https://edge.example/',
      MEDIA_ORIGIN_URL: 'http://origin:8090',
      MEDIA_HOOK_TOKEN: 'abcdefghijklmnop',
      MEDIA_SIGNING_KEY: 'k'.repeat(32),
    };
    expect(loadConfig({}).media.nginx).toBeUndefined();
    expect(loadConfig(nginx).media.nginx).toEqual({
      ingestUrl: 'rtmp://origin:1935/live',
      playbackUrl: 'https://edge.example',
      originUrl: 'http://origin:8090',
      hookToken: 'abcdefghijklmnop',
      signingKey: 'k'.repeat(32),
    });
    expect(() => loadConfig({ MEDIA_PLAYBACK_URL: nginx.MEDIA_PLAYBACK_URL })).toThrow(
      /MEDIA_INGEST_URL: required[\s\S]*MEDIA_SIGNING_KEY: required/,
    );
    expect(() => loadConfig({ ...nginx, MEDIA_SIGNING_KEY: `${'k'.repeat(32)} "x"` })).toThrow(
      /MEDIA_SIGNING_KEY: no spaces/,
    );
    expect(() => loadConfig({ ...nginx, MEDIA_INGEST_URL: 'rtmp://origin/live/PH-0001' })).toThrow(/MEDIA_INGEST_URL/);
  });

  it('enables an OAuth provider only with both id and secret', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const c = loadConfig({ FACEBOOK_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 's' });
    expect(c.oauth.facebook).toEqual({ clientId: 'id', clientSecret: 's', issuer: 'https://www.facebook.com' });
  });

  it('embeds the MQTT broker on 1883 (any free port under test) unless MQTT_URL names one', () => {
    expect(loadConfig({}).mqtt).toEqual({
      host: '127.0.0.1',
      port: 1883,
      url: undefined,
      username: 'petheart-api',
      password: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).mqtt.port).toBe(0);
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker:1883' })).toThrow(/MQTT_PASSWORD/);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/);
    const external = loadConfig({ MQTT_URL: 'mqtts://broker:8883', MQTT_PASSWORD: 'pw', MQTT_USERNAME: 'api' });
    expect(external.mqtt).toMatchObject({ url: 'mqtts://broker:8883', username: 'api', password: 'pw' });
  });

  it('runs the media server on 127.0.0.1:1935 by default, and not at all under test unless enabled', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.media).toEqual({
      enabled: true,
      host: '127.0.0.1',
      rtmpPort: 1935,
      signingKey: undefined,
      playbackTtlMs: 3_600_000,
      dir: path.join('/srv/app/data', 'media'),
      ffmpegPath: undefined,
      proofClipRetentionMs: 90 * 86_400_000,
      liveClipRetentionMs: 7 * 86_400_000,
    });
    expect(loadConfig({ PROOF_CLIP_RETENTION_DAYS: '30', LIVE_CLIP_RETENTION_DAYS: '1' }).media).toMatchObject({
      proofClipRetentionMs: 30 * 86_400_000,
      liveClipRetentionMs: 86_400_000,
    });
    expect(() => loadConfig({ PROOF_CLIP_RETENTION_DAYS: '0' })).toThrow(/PROOF_CLIP_RETENTION_DAYS/);
    expect(loadConfig({ NODE_ENV: 'test' }).media).toMatchObject({ enabled: false, rtmpPort: 0 });
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_ENABLED: 'true' }).media.enabled).toBe(true);
    expect(loadConfig({ MEDIA_ENABLED: 'false', MEDIA_PLAYBACK_TTL_SECONDS: '60' }).media).toMatchObject({
      enabled: false,
      playbackTtlMs: 60_000,
    });
    expect(() => loadConfig({ MEDIA_SIGNING_KEY: 'short' })).toThrow(/MEDIA_SIGNING_KEY/);
    expect(() => loadConfig({ MEDIA_PLAYBACK_TTL_SECONDS: '5' })).toThrow(/MEDIA_PLAYBACK_TTL_SECONDS/);
  });
});
