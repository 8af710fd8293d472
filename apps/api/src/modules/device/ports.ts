/**
 * What the device console needs from the modules that run devices' connections (ports owned here; the gateway
 * and the media server implement them, and the composition root wires them in).
 */

/** Ends what a device may still do with old credentials: cached verifications and its live session. */
export interface DeviceSessionControl {
  revoke(deviceId: string): void;
}

/** What the console changes in an external broker's accounts when it provisions, rotates, disables, enables. */
export interface BrokerAccounts {
  /** Sets the device's password (provision, rotate). */
  set(deviceId: string, secret: string): Promise<void>;
  /** Turns the account off / on again without knowing the secret (disable, enable). */
  setEnabled(deviceId: string, enabled: boolean): Promise<void>;
}

/** A care command's request, as the device gateway sends it. */
export type CareRequest =
  | { kind: 'test_dispense' | 'refill'; grams: number }
  | { kind: 'tare' | 'restart' }
  | { kind: 'calibrate'; known_grams: number }
  | { kind: 'report'; log_lines: number };

/** What station care needs from the device gateway: send a command and learn its end. */
export interface StationLink {
  /** Issues the command (stored with who sent it); resolves with its id once stored, and its end. */
  issue(
    deviceId: string,
    request: CareRequest,
    options: { ttlMs: number; issuedBy: number },
  ): Promise<{ id: string; result: Promise<unknown> }>;
}
