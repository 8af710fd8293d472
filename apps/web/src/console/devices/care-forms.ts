import { DeviceCareCommandSchema, type CareCommandKind, type DeviceCareCommand } from '@petheart/contracts';

/** The care commands that take a number, and the command's field it goes to. */
export const CARE_FIELDS = { calibrate: 'known_grams', test_dispense: 'grams', report: 'log_lines' } as const;
export type FieldKind = keyof typeof CARE_FIELDS;

/** What the report asks for unless the operator changes it (the contract's default). */
export const DEFAULT_LOG_LINES = '50';

/** A field's number: whole digits only; anything else is NaN, which the contract refuses with its message. */
function wholeNumber(text: string): number {
  const s = text.trim();
  return /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
}

const hasField = (kind: CareCommandKind): kind is FieldKind => kind in CARE_FIELDS;

/** A care command built from the panel's field (`text`) and checked by the contract's schema. */
export type CareCheck = { ok: true; command: DeviceCareCommand } | { ok: false; message: string };

export function careCommand(kind: CareCommandKind, text = ''): CareCheck {
  const raw = hasField(kind) ? { kind, [CARE_FIELDS[kind]]: wholeNumber(text) } : { kind };
  const parsed = DeviceCareCommandSchema.safeParse(raw);
  if (parsed.success) return { ok: true, command: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'v.invalid' };
}
