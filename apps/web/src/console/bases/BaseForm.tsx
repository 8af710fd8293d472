import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminBase, AdminBaseCreateBody } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import {
  BaseFormSchema,
  EMPTY_BASE_FORM,
  baseFormToBody,
  baseToForm,
  bodyResolver,
  type BaseFormValues,
} from '../shared/forms';
import { CheckboxField, FieldRow, TextAreaField, TextField } from '../shared/fields';
import { TranslationsEditor } from '../shared/translations-ui';
import { FormFooter, RemoveButton, saveWithToast } from '../shared/ui';
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
          <RemoveButton
            label={t('bases.removePhoto', { n: i + 1 })}
            onRemove={() => {
              onChange(value.filter((_, j) => j !== i));
            }}
          />
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
  const { locale } = useLanguage();
  const api = useBasesApi();
  const { control, handleSubmit, formState } = useForm<BaseFormValues, unknown, AdminBaseCreateBody>({
    resolver: bodyResolver(BaseFormSchema, baseFormToBody),
    // Texts are in the writer's language unless the form says otherwise.
    defaultValues: base ? baseToForm(base, locale) : { ...EMPTY_BASE_FORM, text_lang: locale },
  });
  const submit = handleSubmit((body) =>
    saveWithToast(
      () => (base ? api.update({ id: base.id, ...body }) : api.create(body)),
      base ? t('shared.saved') : t('bases.createdToast'),
      onSaved,
    ),
  );
  const text = (
    name: 'name' | 'address' | 'latitude' | 'longitude' | 'animal_count' | 'operator_id',
    label: string,
    o: { inputMode?: 'decimal' | 'numeric'; hint?: string; maxLength?: number } = {},
  ) => <TextField control={control} name={name} id={`base-${name}`} label={label} {...o} />;
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
        <CheckboxField
          control={control}
          name="location_public"
          label={t('bases.locationPublic')}
          hint={t('bases.locationPublicHint')}
        />
        <div className={styles.formPair}>
          {text('animal_count', t('bases.animalCount'), { inputMode: 'numeric' })}
          {text('operator_id', t('bases.operatorId'), { inputMode: 'numeric', hint: t('bases.operatorHint') })}
        </div>
        <TextAreaField
          control={control}
          name="introduction"
          id="base-introduction"
          label={t('bases.introduction')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={5000}
          showCount
        />
        <TranslationsEditor
          control={control}
          idPrefix="base"
          fields={[
            { key: 'name', label: t('bases.name'), maxLength: 100 },
            { key: 'introduction', label: t('bases.introduction'), maxLength: 5000, rows: 3 },
          ]}
        />
        <FieldRow control={control} name="photos" label={t('bases.photos')} hint={t('bases.photosHint')} nested>
          {(field) => <PhotosEditor value={field.value} onChange={field.onChange} />}
        </FieldRow>
      </div>
      <FormFooter onCancel={onCancel} submitting={formState.isSubmitting} />
    </form>
  );
}
