import { useState } from 'react';
import { Button, type ImageUploadItem } from 'antd-mobile';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FOOD_CURRENCIES,
  FOOD_NOTE_MAX,
  FoodPurchaseAddBodySchema as Body,
  minorUnits,
  type FoodPurchase,
  type FoodPurchaseListData,
} from '@petheart/contracts';
import { ApiError } from '../../../shared/api';
import { useMessage } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import type { FoodApi } from '../food-api';
import styles from '../health.module.css';
import { ReceiptPhoto, photoPath } from './ReceiptPhoto';
import food from '../food.module.css';

/** Today in the phone's own time zone, YYYY-MM-DD (a receipt is dated by where it was bought). */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The form as typed, checked by the contract's own rules and messages; the amount in the currency's minor units. */
const Fields = z.object({
  base_id: z.string(),
  amount: z.string().refine((s) => minorUnits(s, 'USD') !== null, { error: 'v.foodAmount' }),
  currency: Body.shape.currency,
  grams: z
    .string()
    .transform((s) => (s.trim() === '' ? Number.NaN : Number(s.trim())))
    .pipe(Body.shape.grams),
  purchased_on: Body.shape.purchased_on,
  note: Body.shape.note,
});
/** The amount has at most the currency's decimals: checked with the other fields wrong too (all errors at once). */
const FormSchema = Fields.refine((v) => minorUnits(v.amount, v.currency) !== null, {
  path: ['amount'],
  error: 'v.foodAmount',
  when: ({ value }) => {
    const v = value as { amount?: unknown; currency?: unknown };
    return typeof v.amount === 'string' && typeof v.currency === 'string' && minorUnits(v.amount, 'USD') !== null;
  },
}).transform((v) => ({ ...v, base_id: Number(v.base_id), amount: minorUnits(v.amount, v.currency) ?? 0 }));
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;
type Field = keyof FormInput;

/** One labelled input bound to the form, with its error under it (read out when it appears). */
function TextField({
  control,
  name,
  label,
  inputMode,
  type = 'text',
  max,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  name: 'amount' | 'grams' | 'purchased_on';
  label: string;
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'date';
  max?: string;
}) {
  const message = useMessage();
  const id = `food-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={id}>
            {label}
          </label>
          <input
            ref={field.ref}
            id={id}
            name={field.name}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            type={type}
            max={max}
            inputMode={inputMode}
            autoComplete="off"
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={`${id}-error`}
          />
          <div id={`${id}-error`} className={styles.error} role={fieldState.error ? 'alert' : undefined}>
            {message(fieldState.error?.message)}
          </div>
        </div>
      )}
    />
  );
}

/**
 * Recording food bought for one of the operator's bases: amount and currency, grams, the receipt's date, a
 * photo of the receipt (required, uploaded as the refill form does) and a note. `onDone` gets the purchase.
 */
export function FoodForm({
  api,
  data,
  assetHost,
  onDone,
}: {
  api: FoodApi;
  data: FoodPurchaseListData;
  assetHost: string;
  onDone: (purchase: FoodPurchase) => void;
}) {
  const { t } = useTranslation('manage');
  const message = useMessage();
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const [photoError, setPhotoError] = useState('');
  const [uploading, setUploading] = useState(false);
  const today = localToday();
  const currency = (FOOD_CURRENCIES as readonly string[]).includes(data.currency) ? data.currency : 'CNY';
  const { control, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      base_id: String(data.bases[0]?.id ?? ''),
      amount: '',
      currency: currency as FormInput['currency'],
      grams: '',
      purchased_on: today,
      note: '',
    },
  });

  const submit = handleSubmit(async (v) => {
    const photo = photoPath(photos);
    if (!photo) {
      setPhotoError('v.foodPhoto');
      return;
    }
    let purchase: FoodPurchase;
    try {
      purchase = await api.add({ ...v, receipt_photo: photo });
    } catch (error) {
      // The client has toasted why; a field the server refused is shown at its field too.
      for (const issue of error instanceof ApiError ? (error.fields ?? []) : []) {
        if (issue.path === 'receipt_photo') setPhotoError(issue.message);
        else if (issue.path in Fields.shape) setError(issue.path as Field, { message: issue.message });
      }
      return;
    }
    toast(message('ok.foodRecorded'));
    onDone(purchase);
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="food-form-title"
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <h3 id="food-form-title" className={styles.blockTitle}>
        {t('food.record')}
      </h3>
      {data.bases.length > 1 && (
        <Controller
          control={control}
          name="base_id"
          render={({ field }) => (
            <div className={styles.field}>
              <label className={styles.label} htmlFor="food-base">
                {t('food.base')}
              </label>
              <select id="food-base" className={food.select} {...field}>
                {data.bases.map((b) => (
                  <option key={b.id} value={String(b.id)}>
                    {b.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        />
      )}
      <div className={food.pair}>
        <TextField control={control} name="amount" label={t('food.amount')} inputMode="decimal" />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <div className={styles.field}>
              <label className={styles.label} htmlFor="food-currency">
                {t('food.currency')}
              </label>
              <select id="food-currency" className={food.select} {...field}>
                {FOOD_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          )}
        />
      </div>
      <TextField control={control} name="grams" label={t('food.grams')} inputMode="numeric" />
      <TextField control={control} name="purchased_on" label={t('food.date')} type="date" max={today} />
      <div className={styles.field}>
        <span className={styles.label} id="food-photo">
          {t('food.photo')}
        </span>
        <ReceiptPhoto
          photos={photos}
          onChange={setPhotos}
          onUploading={setUploading}
          onUploaded={() => {
            setPhotoError('');
          }}
          assetHost={assetHost}
          labelledBy="food-photo"
        />
        <div className={styles.error} role={photoError ? 'alert' : undefined}>
          {message(photoError || undefined)}
        </div>
      </div>
      <Controller
        control={control}
        name="note"
        render={({ field, fieldState }) => (
          <div className={styles.field}>
            <label className={styles.label} htmlFor="food-note">
              {t('food.note')}
            </label>
            <textarea
              id="food-note"
              className={food.textarea}
              maxLength={FOOD_NOTE_MAX}
              aria-invalid={fieldState.error ? true : undefined}
              {...field}
            />
            <div className={styles.error} role={fieldState.error ? 'alert' : undefined}>
              {message(fieldState.error?.message)}
            </div>
          </div>
        )}
      />
      <Button block type="submit" color="primary" shape="rounded" loading={formState.isSubmitting} disabled={uploading}>
        {uploading ? t('care.waitUpload') : t('food.submit')}
      </Button>
    </form>
  );
}
