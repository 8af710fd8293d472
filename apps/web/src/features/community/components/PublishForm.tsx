import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ImageUploader, TextArea, type ImageUploadItem } from 'antd-mobile';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  POST_MAX_CHARS,
  POST_MAX_IMAGES,
  PostPublishBodySchema,
  charCount,
  uploadEndpoints,
  type LiveRoom,
  type PostPublishBody,
  type PostStatus,
} from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { imageUrl } from '../../../shared/format';
import { useMessage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { toast, usePagedList } from '../../../shared/ui';
import { DEVICES_KEY, POST_KEY } from '../cache';
import { MINE_PATH, useCommunityApi } from '../useCommunity';
import { DevicePicker, choiceOf, type DeviceChoice } from './DevicePicker';
import { RejectReason } from './PostParts';
import styles from './publish.module.css';

/** What the form starts with: empty for a new post, the post itself when editing. */
export interface PublishStart {
  /** The post being edited; null for a new one. */
  id: number | null;
  content: string;
  /** Upload paths (/uploads/…). */
  images: string[];
  device: DeviceChoice | null;
  /** A device chosen by id (from a live room), named once the device list has it. */
  deviceId?: string | null;
  /** A clip recorded in a live room, to post as a video (its address for the preview, when known). */
  clip: { id: string; url: string | null } | null;
  /** The video of a video post being edited (it stays). */
  videoUrl: string | null;
  status: PostStatus | null;
  remark: string;
}

const FormSchema = PostPublishBodySchema.pick({ content: true, device_id: true });
type PublishFormValues = z.input<typeof FormSchema>;

/** Rooms per page in the device picker. */
const DEVICE_PAGE = 50;

export function PublishForm({ start }: { start: PublishStart }) {
  const { t } = useTranslation('community');
  const message = useMessage();
  const client = useApi();
  const api = useCommunityApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const [images, setImages] = useState<ImageUploadItem[]>(() =>
    start.images.map((path) => ({ url: imageUrl(path, assetHost), extra: path })),
  );
  const [uploading, setUploading] = useState(false);
  const [choice, setChoice] = useState<DeviceChoice | null>(start.device);
  const rooms = usePagedList<LiveRoom>({ queryKey: [...DEVICES_KEY], fetchPage: api.devices, limit: DEVICE_PAGE });
  const { control, handleSubmit, formState, setValue } = useForm<PublishFormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { content: start.content, device_id: start.device?.id ?? start.deviceId ?? '' },
  });
  const deviceId = useWatch({ control, name: 'device_id' });
  const preselected = rooms.rows.find((r) => r.device_id === deviceId);
  const shown =
    choice ?? (preselected ? choiceOf(preselected) : deviceId ? { id: deviceId, name: deviceId, base_name: '' } : null);
  const video = start.clip?.url ?? start.videoUrl;

  const upload = async (file: File): Promise<ImageUploadItem> => {
    // The API client toasts "Upload failed" (or the server's message) and the uploader drops the image.
    const data = await client.upload(uploadEndpoints.upload, file);
    return { url: data.fullurl || imageUrl(data.url, assetHost), extra: data.url };
  };

  const submit = handleSubmit(async ({ content, device_id }) => {
    const body: PostPublishBody = {
      content,
      device_id,
      images: images.map((i) => String(i.extra ?? i.url)),
      ...(start.clip ? { clip_id: start.clip.id } : {}),
    };
    try {
      if (start.id === null) await api.publish(body);
      else await api.update({ ...body, id: start.id });
    } catch {
      return;
    }
    toast(message('ok.postSubmitted'));
    await navigate(MINE_PATH, { replace: true });
    void queryClient.invalidateQueries({ queryKey: POST_KEY });
  });

  const deviceError = formState.errors.device_id?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      {start.status === 'rej' && <RejectReason remark={start.remark} />}
      <section className={styles.card}>
        <label className={styles.label} htmlFor="post-content">
          {t('content')}
        </label>
        <Controller
          control={control}
          name="content"
          render={({ field, fieldState }) => {
            const count = charCount(field.value.trim());
            return (
              <>
                <TextArea
                  ref={field.ref}
                  id="post-content"
                  className={styles.textarea}
                  placeholder={t('contentPlaceholder')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  aria-invalid={Boolean(fieldState.error)}
                  aria-describedby="post-content-count post-content-error"
                />
                <div className={styles.fieldFoot}>
                  <span id="post-content-error" className={styles.error} role={fieldState.error ? 'alert' : undefined}>
                    {message(fieldState.error?.message)}
                  </span>
                  <span
                    id="post-content-count"
                    className={count > POST_MAX_CHARS ? `${styles.count} ${styles.countOver}` : styles.count}
                    data-testid="content-count"
                  >
                    {count}/{POST_MAX_CHARS}
                  </span>
                </div>
              </>
            );
          }}
        />
      </section>
      {video || start.clip ? (
        <section className={styles.card} aria-labelledby="post-clip">
          <h2 id="post-clip" className={styles.label}>
            {t('clip')}
          </h2>
          {video ? (
            <video
              className={styles.clip}
              src={imageUrl(video, assetHost, '')}
              controls
              playsInline
              preload="metadata"
              aria-label={t('clip')}
              data-testid="clip-preview"
            />
          ) : null}
          <p className={styles.hint}>{t('clipHint')}</p>
        </section>
      ) : null}
      <section className={styles.card} aria-labelledby="post-images">
        <div className={styles.labelRow}>
          <h2 id="post-images" className={styles.label}>
            {t('images')}
          </h2>
          <span className={styles.hint}>{t('imagesHint', { n: images.length, max: POST_MAX_IMAGES })}</span>
        </div>
        <ImageUploader
          value={images}
          onChange={setImages}
          upload={upload}
          accept="image/jpeg,image/png,image/webp"
          multiple
          maxCount={POST_MAX_IMAGES}
          showFailed={false}
          onCountExceed={() => {
            toast(t('tooMany', { max: POST_MAX_IMAGES }));
          }}
          onUploadQueueChange={(tasks) => {
            setUploading(tasks.some((task) => task.status === 'pending'));
          }}
          aria-label={t('images')}
        />
      </section>
      <section className={styles.card}>
        <DevicePicker
          value={shown}
          // A clip belongs to its room's device: a video post keeps that device.
          locked={start.clip !== null && shown !== null}
          rooms={rooms}
          invalid={Boolean(deviceError)}
          errorId="post-device-error"
          onChange={(d) => {
            setChoice(d);
            setValue('device_id', d.id, { shouldValidate: formState.isSubmitted });
          }}
        />
        <div id="post-device-error" className={styles.error} role={deviceError ? 'alert' : undefined}>
          {message(deviceError)}
        </div>
      </section>
      <p className={styles.note}>{t('reviewNote')}</p>
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
          {uploading ? t('waitUpload') : start.id === null ? t('submit') : t('resubmit')}
        </Button>
      </div>
    </form>
  );
}
