import { timingSafeEqual, createHash } from 'node:crypto';
import { VerifiedSecretCache, verifyDeviceSecret } from '../device/secrets';
import { SERVICE_USERNAME, clientIdAllowed, isDeviceUsername, type MqttIdentity } from './policy';

export interface DeviceCredentialSource {
  credentials(deviceId: string): Promise<{ secretHash: string; disabled: boolean } | undefined>;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/**
 * Decides who may connect to the embedded broker: devices by id and secret (argon2 hash, with a small
 * cache of recently verified secrets; disabled devices never), and the API's own service account.
 */
export class BrokerAuthenticator {
  private readonly cache: VerifiedSecretCache;
  private readonly serviceDigest: Buffer;

  constructor(
    private readonly devices: DeviceCredentialSource,
    servicePassword: string,
    cacheSize = 10_000,
  ) {
    this.cache = new VerifiedSecretCache(cacheSize);
    this.serviceDigest = sha256(servicePassword);
  }

  async authenticate(
    clientId: string,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<MqttIdentity | null> {
    if (!username || !password || password.length === 0 || password.length > 256) return null;
    let identity: MqttIdentity | null = null;
    if (username === SERVICE_USERNAME) {
      if (timingSafeEqual(sha256(password), this.serviceDigest)) identity = { kind: 'service' };
    } else if (isDeviceUsername(username)) {
      if (await this.deviceSecretValid(username, password)) identity = { kind: 'device', deviceId: username };
    }
    return identity && clientIdAllowed(identity, clientId) ? identity : null;
  }

  /** Drops the device's cached verification (after a rotation or when it is disabled). */
  forget(deviceId: string): void {
    this.cache.forget(deviceId);
  }

  private async deviceSecretValid(deviceId: string, password: Buffer): Promise<boolean> {
    const row = await this.devices.credentials(deviceId);
    if (!row || row.disabled) return false;
    if (this.cache.matches(deviceId, row.secretHash, password)) return true;
    if (!(await verifyDeviceSecret(row.secretHash, password.toString('utf8')))) return false;
    this.cache.remember(deviceId, row.secretHash, password);
    return true;
  }
}
