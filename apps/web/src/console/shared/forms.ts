import { z } from 'zod';
import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import {
  AdminBaseCreateBodySchema,
  AdminDeviceUpdateBodySchema,
  DeviceProvisionBodySchema,
  PortionInputSchema,
  type AdminBase,
  type AdminDevice,
  type Locale,
} from '@petheart/contracts';
import {
  emptyTranslations,
  translationsBody,
  translationsToForm,
  writtenInOf,
  type TranslationsForm,
} from './translations';

// ---- Revenue share: the console shows a percentage, the API keeps basis points (3000 = 30 %) ----

/**
 * "30" → 3000, "12.5" → 1250, "0.05" → 5. Anything that is not a plain number with at most two decimals
 * (or has a sign, or is blank) gives NaN, which the contract's schema reports as 'v.revenueShare'.
 * Parsed as text, not as a float: 0.29 × 100 is 28.999999999999996.
 */
export function percentToBp(text: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 3000 → "30", 1250 → "12.5", 5 → "0.05". */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = Math.abs(bp % 100);
  return cents === 0 ? String(whole) : `${String(whole)}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** A form's number field: blank → NaN (so "required" fields report their message), else Number(). */
function numberOf(text: string): number {
  const t = text.trim();
  return t === '' ? Number.NaN : Number(t);
}

// ---- Bases ----

/** The base form's values: text inputs hold strings; `photos` is the list of image addresses. */
export interface BaseFormValues {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  animal_count: string;
  introduction: string;
  photos: string[];
  operator_id: string;
  /** Publish the exact location (else everyone but its operator and admins sees it coarse: decision 037). */
  location_public: boolean;
  /** The language name and introduction are written in, and their translations (issue 29 §5). */
  text_lang: Locale;
  translations: TranslationsForm<'name' | 'introduction'>;
}

/** The texts of a base an operator writes in one language and may translate. */
export const BASE_TRANSLATED = ['name', 'introduction'] as const;

export const EMPTY_BASE_FORM: BaseFormValues = {
  name: '',
  address: '',
  latitude: '',
  longitude: '',
  animal_count: '0',
  introduction: '',
  photos: [],
  operator_id: '',
  location_public: false,
  text_lang: 'en',
  translations: emptyTranslations(BASE_TRANSLATED),
};

/** An existing base as the form shows it; `writer` is the console's language (for texts of unknown language). */
export function baseToForm(b: AdminBase, writer: Locale = 'en'): BaseFormValues {
  return {
    name: b.name,
    address: b.address,
    latitude: String(b.latitude),
    longitude: String(b.longitude),
    animal_count: String(b.animal_count),
    introduction: b.introduction,
    photos: [...b.photos],
    operator_id: b.operator_id === null ? '' : String(b.operator_id),
    location_public: b.location_public,
    text_lang: writtenInOf(b.text_lang, writer),
    translations: translationsToForm(b.translations, BASE_TRANSLATED),
  };
}

/** The request body the form stands for (validated by the contract's schema, which names the messages). */
export function baseFormToBody(v: BaseFormValues) {
  return {
    name: v.name,
    address: v.address,
    latitude: numberOf(v.latitude),
    longitude: numberOf(v.longitude),
    animal_count: v.animal_count.trim() === '' ? 0 : numberOf(v.animal_count),
    introduction: v.introduction,
    photos: v.photos.map((p) => p.trim()).filter((p) => p !== ''),
    operator_id: v.operator_id.trim() === '' ? null : numberOf(v.operator_id),
    location_public: v.location_public,
    text_lang: v.text_lang,
    translations: translationsBody(v.translations, v.text_lang),
  };
}

// ---- Devices ----

export interface PortionRow {
  grams: string;
  coins: string;
}

/** The device form: `custom_portions` off = the configured default portions (portions null). */
export interface DeviceFormValues {
  base_id: string;
  name: string;
  device_id: string;
  /** A percentage as typed ("30", "12.5"). */
  revenue_share_bp: string;
  custom_portions: boolean;
  portions: PortionRow[];
  /** Grams per UTC day. */
  daily_gram_cap: string;
}

/** A new device's daily gram cap (the database's default). */
export const DEFAULT_DAILY_GRAM_CAP = 2000;

export const EMPTY_DEVICE_FORM: DeviceFormValues = {
  base_id: '',
  name: '',
  device_id: '',
  revenue_share_bp: '30',
  custom_portions: false,
  portions: [],
  daily_gram_cap: String(DEFAULT_DAILY_GRAM_CAP),
};

export function deviceToForm(d: AdminDevice): DeviceFormValues {
  return {
    base_id: String(d.base_id),
    name: d.name,
    device_id: d.device_id,
    revenue_share_bp: bpToPercent(d.revenue_share_bp),
    custom_portions: d.portions !== null,
    portions: (d.portions ?? []).map((p) => ({ grams: String(p.grams), coins: String(p.coins) })),
    daily_gram_cap: String(d.daily_gram_cap),
  };
}

export function deviceFormToBody(v: DeviceFormValues) {
  const deviceId = v.device_id.trim();
  return {
    base_id: numberOf(v.base_id),
    name: v.name,
    ...(deviceId ? { device_id: deviceId } : {}),
    revenue_share_bp: percentToBp(v.revenue_share_bp),
    portions: v.custom_portions
      ? v.portions.map((p) => ({ grams: numberOf(p.grams), coins: numberOf(p.coins) }))
      : null,
    daily_gram_cap: numberOf(v.daily_gram_cap),
  };
}

/** Own portions, when on: at least one, each what a feeder can dispense in one command (1–500 g) for a coin or more. */
const PortionFieldSchema = z
  .array(PortionInputSchema)
  .min(1, { error: 'v.portion' })
  .max(10, { error: 'v.tooMany' })
  .nullable();

export const DeviceProvisionFormSchema = DeviceProvisionBodySchema.extend({ portions: PortionFieldSchema });
export const DeviceUpdateFormSchema = AdminDeviceUpdateBodySchema.extend({ portions: PortionFieldSchema });
export const BaseFormSchema = AdminBaseCreateBodySchema;

/**
 * A react-hook-form resolver: converts the form's values into the request body and validates that with a
 * contracts schema. Field names equal the body's keys, so each issue lands on its field; the messages are
 * MESSAGES keys (translated where they are shown).
 */
export function bodyResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: F) => unknown,
): Resolver<F, unknown, z.output<S>> {
  return (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<F> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && get(errors, path) === undefined) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/** The first message under a field that may hold nested errors (an array of rows). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const m = firstMessage(value);
    if (m) return m;
  }
  return undefined;
}
