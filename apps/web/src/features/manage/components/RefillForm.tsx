import { useState } from 'react';
import { Button, type ImageUploadItem } from 'antd-mobile';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DeviceRefillBodySchema, type DeviceRefill } from '@petheart/contracts';
import { ApiError } from '../../../shared/api';
import { useMessage } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import type { ManageApi } from '../api';
import styles from '../health.module.css';
import { ReceiptPhoto, photoPath } from './ReceiptPhoto';

/** The grams as typed, checked by the contract's own rule (and its message, v.refillGrams). */
const FormSchema = z.object({
  grams: z
    .string()
    .transform((s) => (s.trim() === '' ? Number.NaN : Number(s.trim())))
    .pipe(DeviceRefillBodySchema.shape.grams),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

/**
 * Recording a refill: the grams put in the hopper and, if wanted, a photo (uploaded as the publish page does).
 * The station is told at once; `onDone` gets the refill as recorded (its status follows the station's answer).
 */
export function RefillForm({
  deviceId,
  api,
  assetHost,
  onDone,
}: {
  deviceId: string;
  api: ManageApi;
  assetHost: string;
  onDone: (refill: DeviceRefill) => void;
}) {
  const { t } = useTranslation('manage');
  const message = useMessage();
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const { control, handleSubmit, formState, reset, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { grams: '' },
  });

  const submit = handleSubmit(async ({ grams }) => {
    const photo = photoPath(photos);
    let refill: DeviceRefill;
    try {
      refill = await api.refill(deviceId, grams, photo);
    } catch (error) {
      // The client has toasted why; a field the server refused is shown at its field too.
      const issue = error instanceof ApiError ? error.fields?.find((f) => f.path === 'grams') : undefined;
      if (issue) setError('grams', { message: issue.message });
      return;
    }
    toast(message('ok.refillRecorded'));
    reset({ grams: '' });
    setPhotos([]);
    onDone(refill);
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="refill-title"
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <h3 id="refill-title" className={styles.blockTitle}>
        {t('care.record')}
      </h3>
      <Controller
        control={control}
        name="grams"
        render={({ field, fieldState }) => (
          <div className={styles.field}>
            <label className={styles.label} htmlFor="refill-grams">
              {t('care.grams')}
            </label>
            {/* A plain input: antd-mobile's puts aria-invalid and aria-describedby on its wrapper, not the input */}
            <input
              ref={field.ref}
              id="refill-grams"
              name={field.name}
              className={styles.input}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('care.gramsPlaceholder')}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby="refill-grams-error"
            />
            <div id="refill-grams-error" className={styles.error} role={fieldState.error ? 'alert' : undefined}>
              {message(fieldState.error?.message)}
            </div>
          </div>
        )}
      />
      <div className={styles.field}>
        <span className={styles.label} id="refill-photo">
          {t('care.photo')}
        </span>
        <ReceiptPhoto
          photos={photos}
          onChange={setPhotos}
          onUploading={setUploading}
          assetHost={assetHost}
          labelledBy="refill-photo"
        />
      </div>
      <Button block type="submit" color="primary" shape="rounded" loading={formState.isSubmitting} disabled={uploading}>
        {uploading ? t('care.waitUpload') : t('care.submit')}
      </Button>
    </form>
  );
}
