import { DeviceCommandSchema, DeviceConfigSchema } from '@petheart/contracts';
import type { DeviceCommand, DeviceConfig } from '@petheart/contracts';

export type Inbound =
  | { kind: 'command'; command: DeviceCommand }
  | { kind: 'config'; config: DeviceConfig }
  | { kind: 'ignored'; what: 'command' | 'config'; reason: string };

/** A message on the device's command or config topic, validated against the contract. */
export function parseInbound(what: 'command' | 'config', payload: Buffer): Inbound {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { kind: 'ignored', what, reason: `${what} is not JSON` };
  }
  const parsed = what === 'command' ? DeviceCommandSchema.safeParse(json) : DeviceConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    return { kind: 'ignored', what, reason: `invalid ${what}: ${issues}` };
  }
  return 'kind' in parsed.data ? { kind: 'command', command: parsed.data } : { kind: 'config', config: parsed.data };
}
