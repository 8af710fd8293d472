import { VerifiedSecretCache, verifyDeviceSecret } from '../device/secrets';
import { clientIdAllowed, isDeviceUsername, type MqttIdentity } from './policy';

export interface DeviceCredentialSource {
  credentials(deviceId: string): Promise<{ secretHash: string; disabled: boolean } | undefined>;
}

/**
 * Decides who may connect to the embedded broker: devices by id and secret (argon2 hash, with a small
 * cache of recently verified secrets; disabled devices never). The API itself needs no account: it links to
 * the broker in process.
 */
export class BrokerAuthenticator {
  private readonly cache: VerifiedSecretCache;

  constructor(
    private readonly devices: DeviceCredentialSource,
    cacheSize = 10_000,
  ) {
    this.cache = new VerifiedSecretCache(cacheSize);
  }

  async authenticate(
    clientId: string,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<MqttIdentity | null> {
    if (!username || !password || password.length === 0 || password.length > 256) return null;
    if (!isDeviceUsername(username) || !(await this.deviceSecretValid(username, password))) return null;
    const identity: MqttIdentity = { kind: 'device', deviceId: username };
    return clientIdAllowed(identity, clientId) ? identity : null;
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
