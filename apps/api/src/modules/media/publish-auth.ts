import { VerifiedSecretCache, verifyDeviceSecret } from '../device/secrets';

export interface StreamKeySource {
  credentials(deviceId: string): Promise<{ secretHash: string; disabled: boolean } | undefined>;
}

/**
 * Who may publish a device's stream: the device itself, with its own secret as the stream key (argon2
 * hash, recently verified secrets cached until the stored hash changes); never a disabled device.
 */
export class PublishAuthenticator {
  private readonly cache: VerifiedSecretCache;

  constructor(
    private readonly devices: StreamKeySource,
    cacheSize = 10_000,
  ) {
    this.cache = new VerifiedSecretCache(cacheSize);
  }

  async mayPublish(deviceId: string, key: string): Promise<boolean> {
    if (key.length === 0 || key.length > 256) return false;
    const row = await this.devices.credentials(deviceId);
    if (!row || row.disabled) return false;
    if (this.cache.matches(deviceId, row.secretHash, key)) return true;
    if (!(await verifyDeviceSecret(row.secretHash, key))) return false;
    this.cache.remember(deviceId, row.secretHash, key);
    return true;
  }

  /** Drops the device's cached verification (after a rotation or when it is disabled). */
  forget(deviceId: string): void {
    this.cache.forget(deviceId);
  }
}
