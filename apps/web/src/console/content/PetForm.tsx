import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Input, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  PET_SPECIES,
  localize,
  type AdminBase,
  type AdminPet,
  type AdminPetCreateBody,
  type AdminPetUpdateBody,
  type Locale,
} from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import {
  emptyPetForm,
  langFill,
  petResolver,
  petToForm,
  type LangFill,
  type PetFormValues,
} from '../shared/content-forms';
import { LangTabs, PhotoList } from '../shared/content-ui';
import { firstMessage } from '../shared/forms';
import { FormRow } from '../shared/ui';
import { useContentApi } from './api';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';

const MAX_PHOTOS = 9;

/**
 * Create or edit a pet profile (`pet` null = create): base, species, name and story in the four languages (one tab
 * per language), photos uploaded through api.upload (uploadEndpoints.upload), shown or hidden, order. Validated
 * with the contract's schema (its messages), sent to petConsoleEndpoints.create or .update.
 */
export function PetForm({
  pet,
  bases,
  onCancel,
  onSaved,
}: {
  pet: AdminPet | null;
  bases: AdminBase[];
  onCancel: () => void;
  onSaved: (saved: AdminPet) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useContentApi();
  const { locale } = useLanguage();
  const [lang, setLang] = useState<Locale>(locale);
  const { control, handleSubmit, formState } = useForm<PetFormValues, unknown, AdminPetCreateBody | AdminPetUpdateBody>(
    {
      resolver: petResolver(pet?.id ?? null),
      defaultValues: pet ? petToForm(pet) : emptyPetForm(),
    },
  );
  const [name, story] = useWatch({ control, name: ['name', 'story'] });
  const fills = Object.fromEntries(LOCALES.map((l) => [l, langFill([name, story], 1, l)])) as Record<Locale, LangFill>;
  const submit = handleSubmit(async (body) => {
    let saved: AdminPet;
    try {
      saved = 'id' in body ? await api.updatePet(body) : await api.createPet(body);
    } catch {
      return;
    }
    Toast.show({ content: pet ? t('shared.saved') : t('pets.createdToast'), icon: 'success' });
    onSaved(saved);
  });
  // A profile's base may be past the options' first page: keep it choosable.
  const baseOptions: { id: number; name: string }[] =
    pet && !bases.some((b) => b.id === pet.base_id) ? [{ id: pet.base_id, name: pet.base_name }, ...bases] : bases;
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} data-testid="pet-form">
      <h2 className={styles.formTitle}>
        {pet ? t('pets.editTitle', { name: localize(pet.name, locale) }) : t('pets.createTitle')}
      </h2>
      <div className={styles.formBody}>
        <div className={styles.formPair}>
          <Controller
            control={control}
            name="base_id"
            render={({ field, fieldState }) => (
              <FormRow label={t('pets.base')} htmlFor="pet-base" error={fieldState.error?.message}>
                <select
                  ref={field.ref}
                  id="pet-base"
                  className={styles.select}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.currentTarget.value);
                  }}
                >
                  <option value="">{t('pets.chooseBase')}</option>
                  {baseOptions.map((b) => (
                    <option key={b.id} value={String(b.id)}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </FormRow>
            )}
          />
          <Controller
            control={control}
            name="species"
            render={({ field, fieldState }) => (
              <FormRow label={t('pets.species')} htmlFor="pet-species" error={fieldState.error?.message}>
                <select
                  ref={field.ref}
                  id="pet-species"
                  className={styles.select}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.currentTarget.value);
                  }}
                >
                  <option value="">{t('pets.chooseSpecies')}</option>
                  {PET_SPECIES.map((s) => (
                    <option key={s} value={s}>
                      {t(`pets.speciesList.${s}`)}
                    </option>
                  ))}
                </select>
              </FormRow>
            )}
          />
        </div>

        <div className={own.langBlock}>
          <LangTabs lang={lang} onLang={setLang} fills={fills} idPrefix="pet" />
          <p className={styles.formHint}>{t('content.languagesHint')}</p>
          <div role="tabpanel" aria-labelledby={`pet-tab-${lang}`} className={own.langPanel}>
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <FormRow
                  label={`${t('pets.name')} · ${t(`langs.${lang}`)}`}
                  htmlFor={`pet-name-${lang}`}
                  error={firstMessage(fieldState.error)}
                >
                  <Input
                    id={`pet-name-${lang}`}
                    className={styles.input}
                    value={field.value[lang]}
                    onChange={(v) => {
                      field.onChange({ ...field.value, [lang]: v });
                    }}
                    onBlur={field.onBlur}
                    maxLength={50}
                  />
                </FormRow>
              )}
            />
            <Controller
              control={control}
              name="story"
              render={({ field, fieldState }) => (
                <FormRow
                  label={`${t('pets.story')} · ${t(`langs.${lang}`)}`}
                  htmlFor={`pet-story-${lang}`}
                  error={firstMessage(fieldState.error)}
                  hint={t('pets.storyHint')}
                >
                  <TextArea
                    id={`pet-story-${lang}`}
                    className={styles.input}
                    value={field.value[lang]}
                    onChange={(v) => {
                      field.onChange({ ...field.value, [lang]: v });
                    }}
                    onBlur={field.onBlur}
                    autoSize={{ minRows: 4, maxRows: 10 }}
                    maxLength={3000}
                    showCount
                  />
                </FormRow>
              )}
            />
          </div>
        </div>

        <Controller
          control={control}
          name="photos"
          render={({ field, fieldState }) => (
            <FormRow label={t('pets.photos')} error={firstMessage(fieldState.error)} hint={t('pets.photosHint')}>
              <PhotoList value={field.value} onChange={field.onChange} max={MAX_PHOTOS} label={t('pets.photo')} />
            </FormRow>
          )}
        />
        <div className={styles.formPair}>
          <Controller
            control={control}
            name="published"
            render={({ field }) => (
              <FormRow label={t('pets.published')} hint={t('pets.publishedHint')}>
                <Checkbox className={styles.switchRow} checked={field.value} onChange={field.onChange}>
                  {t('pets.published')}
                </Checkbox>
              </FormRow>
            )}
          />
          <Controller
            control={control}
            name="sort_order"
            render={({ field, fieldState }) => (
              <FormRow
                label={t('pets.sort')}
                htmlFor="pet-sort"
                error={fieldState.error?.message}
                hint={t('content.sortHint')}
              >
                <Input
                  ref={field.ref}
                  id="pet-sort"
                  className={styles.input}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputMode="numeric"
                  maxLength={6}
                />
              </FormRow>
            )}
          />
        </div>
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
