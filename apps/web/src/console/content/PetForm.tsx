import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { CheckboxField, FieldRow, LocalizedTextField, SelectField, TextField } from '../shared/fields';
import { FormFooter, saveWithToast } from '../shared/ui';
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
  const submit = handleSubmit((body) =>
    saveWithToast(
      () => ('id' in body ? api.updatePet(body) : api.createPet(body)),
      pet ? t('shared.saved') : t('pets.createdToast'),
      onSaved,
    ),
  );
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
          <SelectField
            control={control}
            name="base_id"
            id="pet-base"
            label={t('pets.base')}
            placeholder={t('pets.chooseBase')}
            options={baseOptions.map((b) => ({ value: String(b.id), label: b.name }))}
          />
          <SelectField
            control={control}
            name="species"
            id="pet-species"
            label={t('pets.species')}
            placeholder={t('pets.chooseSpecies')}
            options={PET_SPECIES.map((s) => ({ value: s, label: t(`pets.speciesList.${s}`) }))}
          />
        </div>

        <div className={own.langBlock}>
          <LangTabs lang={lang} onLang={setLang} fills={fills} idPrefix="pet" />
          <p className={styles.formHint}>{t('content.languagesHint')}</p>
          <div role="tabpanel" aria-labelledby={`pet-tab-${lang}`} className={own.langPanel}>
            <LocalizedTextField
              control={control}
              name="name"
              id={`pet-name-${lang}`}
              lang={lang}
              label={t('pets.name')}
              maxLength={50}
            />
            <LocalizedTextField
              control={control}
              name="story"
              id={`pet-story-${lang}`}
              lang={lang}
              label={t('pets.story')}
              hint={t('pets.storyHint')}
              autoSize={{ minRows: 4, maxRows: 10 }}
              maxLength={3000}
            />
          </div>
        </div>

        <FieldRow control={control} name="photos" label={t('pets.photos')} hint={t('pets.photosHint')} nested>
          {(field) => (
            <PhotoList value={field.value} onChange={field.onChange} max={MAX_PHOTOS} label={t('pets.photo')} />
          )}
        </FieldRow>
        <div className={styles.formPair}>
          <CheckboxField
            control={control}
            name="published"
            label={t('pets.published')}
            hint={t('pets.publishedHint')}
          />
          <TextField
            control={control}
            name="sort_order"
            id="pet-sort"
            label={t('pets.sort')}
            hint={t('content.sortHint')}
            inputMode="numeric"
            maxLength={6}
          />
        </div>
      </div>
      <FormFooter onCancel={onCancel} submitting={formState.isSubmitting} />
    </form>
  );
}
