import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Input, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminBase, AdminBaseCreateBody } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useSession } from '../../shared/session';
import {
  BaseFormSchema,
  EMPTY_BASE_FORM,
  baseFormToBody,
  baseToForm,
  bodyResolver,
  firstMessage,
  type BaseFormValues,
} from '../shared/forms';
import { FormRow } from '../shared/ui';
import { useBasesApi } from './api';
import styles from '../shared/admin.module.css';

const MAX_PHOTOS = 9;

/** The photos of a base: addresses typed or pasted, or images uploaded through api.upload (uploadEndpoints.upload). */
function PhotosEditor({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('admin');
  const api = useBasesApi();
  const { config } = useSession();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (f: File) => {
    setUploading(true);
    try {
      const data = await api.upload(f);
      onChange([...value, data.url]);
    } catch {
      // the API client has shown why
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className={styles.photos}>
      {value.map((url, i) => (
        <div key={i} className={styles.photoRow}>
          <img className={styles.photoThumb} src={imageUrl(url, config?.asset_host ?? '', DEFAULT_COVER)} alt="" />
          <Input
            className={styles.input}
            aria-label={t('bases.photoUrl', { n: i + 1 })}
            value={url}
            onChange={(v) => {
              onChange(value.map((old, j) => (j === i ? v : old)));
            }}
          />
          <Button
            size="mini"
            fill="outline"
            color="danger"
            aria-label={t('bases.removePhoto', { n: i + 1 })}
            onClick={() => {
              onChange(value.filter((_, j) => j !== i));
            }}
          >
            ×
          </Button>
        </div>
      ))}
      <div className={styles.actions}>
        <Button
          size="small"
          disabled={value.length >= MAX_PHOTOS}
          onClick={() => {
            onChange([...value, '']);
          }}
        >
          {t('bases.addPhoto')}
        </Button>
        <Button
          size="small"
          loading={uploading}
          disabled={value.length >= MAX_PHOTOS}
          onClick={() => file.current?.click()}
        >
          {t('bases.upload')}
        </Button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (f) void upload(f);
          }}
        />
      </div>
    </div>
  );
}

/**
 * Create or edit a base (`base` null = create). Validated with the contract's schema (its messages), sent to
 * baseConsoleEndpoints.create or .update; `onSaved` gets the saved base.
 */
export function BaseForm({
  base,
  onCancel,
  onSaved,
}: {
  base: AdminBase | null;
  onCancel: () => void;
  onSaved: (saved: AdminBase) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useBasesApi();
  const { control, handleSubmit, formState } = useForm<BaseFormValues, unknown, AdminBaseCreateBody>({
    resolver: bodyResolver(BaseFormSchema, baseFormToBody),
    defaultValues: base ? baseToForm(base) : EMPTY_BASE_FORM,
  });
  const submit = handleSubmit(async (body) => {
    let saved: AdminBase;
    try {
      saved = base ? await api.update({ id: base.id, ...body }) : await api.create(body);
    } catch {
      return;
    }
    Toast.show({ content: base ? t('shared.saved') : t('bases.createdToast'), icon: 'success' });
    onSaved(saved);
  });
  const text = (
    name: 'name' | 'address' | 'latitude' | 'longitude' | 'animal_count' | 'operator_id',
    label: string,
    o: { inputMode?: 'decimal' | 'numeric'; hint?: string; maxLength?: number } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormRow label={label} htmlFor={`base-${name}`} error={fieldState.error?.message} hint={o.hint}>
          <Input
            ref={field.ref}
            id={`base-${name}`}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputMode={o.inputMode}
            maxLength={o.maxLength}
          />
        </FormRow>
      )}
    />
  );
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <h2 className={styles.formTitle}>{base ? t('bases.editTitle', { name: base.name }) : t('bases.createTitle')}</h2>
      <div className={styles.formBody}>
        {text('name', t('bases.name'), { maxLength: 100 })}
        {text('address', t('bases.address'), { maxLength: 300 })}
        <div className={styles.formPair}>
          {text('latitude', t('bases.latitude'), { inputMode: 'decimal' })}
          {text('longitude', t('bases.longitude'), { inputMode: 'decimal' })}
        </div>
        <div className={styles.formPair}>
          {text('animal_count', t('bases.animalCount'), { inputMode: 'numeric' })}
          {text('operator_id', t('bases.operatorId'), { inputMode: 'numeric', hint: t('bases.operatorHint') })}
        </div>
        <Controller
          control={control}
          name="introduction"
          render={({ field, fieldState }) => (
            <FormRow label={t('bases.introduction')} htmlFor="base-introduction" error={fieldState.error?.message}>
              <TextArea
                id="base-introduction"
                className={styles.input}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={5000}
                showCount
              />
            </FormRow>
          )}
        />
        <Controller
          control={control}
          name="photos"
          render={({ field }) => (
            <FormRow
              label={t('bases.photos')}
              error={firstMessage(formState.errors.photos)}
              hint={t('bases.photosHint')}
            >
              <PhotosEditor value={field.value} onChange={field.onChange} />
            </FormRow>
          )}
        />
      </div>
      <div className={styles.formFooter}>
        <Button onClick={onCancel}>{t('shared.cancel')}</Button>
        <Button color="primary" type="submit" loading={formState.isSubmitting}>
          {t('shared.save')}
        </Button>
      </div>
    </form>
  );
}
