import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ImageUploader, TextArea, type ImageUploadItem } from 'antd-mobile';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReportCreateBodySchema, liveEndpoints, reportEndpoints, uploadEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { imageUrl } from '../../shared/format';
import { useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, toast } from '../../shared/ui';
import styles from './report.module.css';

/** Spec §9: at most 9 images. */
export const MAX_IMAGES = 9;
const REASON_MAX = 1000;

const ReportFormSchema = ReportCreateBodySchema.pick({ reason: true });
type ReportForm = z.input<typeof ReportFormSchema>;

/** The device the report is about (name and base), shown above the form. */
function DeviceContext({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('report');
  const api = useApi();
  const { data } = useQuery({
    queryKey: ['report', 'device', deviceId],
    queryFn: () => api.call(liveEndpoints.detail, { device_id: deviceId }, { silent: true }),
    retry: false,
  });
  return (
    <div className={styles.device}>
      <span className={styles.deviceLabel}>{t('device')}</span>
      <span className={styles.deviceName} data-testid="report-device">
        {data ? `${data.device.name} · ${data.base.name}` : deviceId}
      </span>
    </div>
  );
}

function ReportFormView({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('report');
  const message = useMessage();
  const api = useApi();
  const { back } = useNavigator();
  const { config } = useSession();
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const { control, handleSubmit, formState } = useForm<ReportForm>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { reason: '' },
  });

  const upload = async (file: File): Promise<ImageUploadItem> => {
    // The API client toasts "Upload failed" (or the server's message) and the uploader drops the image.
    const data = await api.upload(uploadEndpoints.upload, file);
    return { url: data.fullurl || imageUrl(data.url, config?.asset_host ?? ''), extra: data.url };
  };

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await api.call(
        reportEndpoints.create,
        { device_id: deviceId, reason: reason.trim(), images: images.map((i) => String(i.extra ?? i.url)) },
        { task: 'report' },
      );
    } catch {
      return;
    }
    back(t('submitted'));
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <DeviceContext deviceId={deviceId} />
      <section className={styles.card}>
        <label className={styles.label} htmlFor="report-reason">
          {t('reason')}
        </label>
        <Controller
          control={control}
          name="reason"
          render={({ field, fieldState }) => (
            <>
              <TextArea
                ref={field.ref}
                id="report-reason"
                className={styles.textarea}
                placeholder={t('reasonPlaceholder')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={REASON_MAX}
                rows={6}
                showCount
              />
              <div className={styles.error} role={fieldState.error ? 'alert' : undefined}>
                {message(fieldState.error?.message)}
              </div>
            </>
          )}
        />
      </section>
      <section className={styles.card} aria-labelledby="report-images">
        <div className={styles.labelRow}>
          <h2 id="report-images" className={styles.label}>
            {t('images')}
          </h2>
          <span className={styles.hint}>{t('imagesHint', { n: images.length, max: MAX_IMAGES })}</span>
        </div>
        <ImageUploader
          value={images}
          onChange={setImages}
          upload={upload}
          accept="image/jpeg,image/png,image/webp"
          multiple
          maxCount={MAX_IMAGES}
          showFailed={false}
          onCountExceed={(n) => {
            toast(t('tooMany', { count: n, max: MAX_IMAGES }));
          }}
          onUploadQueueChange={(tasks) => {
            setUploading(tasks.some((task) => task.status === 'pending'));
          }}
          aria-label={t('images')}
        />
      </section>
      <p className={styles.privacy}>{t('privacy')}</p>
      <div className={styles.footer}>
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={formState.isSubmitting}
          disabled={uploading}
        >
          {uploading ? t('waitUpload') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

/** /pages/report/report?device_id=…: report a problem with a live room's device (login required). */
export default function ReportPage() {
  const { t } = useTranslation('report');
  const [params] = useSearchParams();
  const deviceId = params.get('device_id')?.trim() ?? '';
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      {deviceId ? <ReportFormView deviceId={deviceId} /> : <EmptyState text={t('missingDevice')} />}
    </div>
  );
}
