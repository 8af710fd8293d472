import { useState } from 'react';
import { Button, Input, TextArea } from 'antd-mobile';
import { Controller, useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SupportApplyBodySchema, type SupportApplication } from '@petheart/contracts';
import { TYPES_KEY, type MapsApi, type SupportApi } from '../api';
import { AddressPicker, type PickedPlace } from './AddressPicker';
import { FormRow } from './FormField';
import { TypePicker } from './TypePicker';
import styles from '../apply.module.css';

type ApplyInput = z.input<typeof SupportApplyBodySchema>;
type ApplyOutput = z.output<typeof SupportApplyBodySchema>;

const TEXT_FIELDS = [
  { name: 'name', label: 'shelter', max: 60 },
  { name: 'applicant', label: 'applicant', max: 30, autoComplete: 'name' },
  { name: 'mobile', label: 'mobile', max: 16, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'wechat_number', label: 'wechat', max: 64 },
] as const;

const EMPTY: DefaultValues<ApplyInput> = {
  animal_nums: '',
  applicant: '',
  mobile: '',
  wechat_number: '',
  application_type_id: undefined,
  address: '',
  name: '',
  description: '',
};

/**
 * The support application (spec §3): the shelter's name, animal_nums, applicant, mobile, wechat_number, the type
 * of support (from the API), the address picked through the maps service (with its coordinates, then corrected
 * by hand if needed) and what the shelter needs. Validated with the contracts' schema, so the messages are the
 * server's, in the user's language.
 */
export function ApplyForm({
  api,
  maps,
  onApplied,
}: {
  api: SupportApi;
  maps: MapsApi;
  onApplied: (application: SupportApplication) => void;
}) {
  const { t } = useTranslation('events');
  const [picked, setPicked] = useState<PickedPlace | null>(null);
  const types = useQuery({ queryKey: [...TYPES_KEY], queryFn: api.types, staleTime: 5 * 60_000 });
  const { control, handleSubmit, setValue, formState, reset } = useForm<ApplyInput, unknown, ApplyOutput>({
    resolver: zodResolver(SupportApplyBodySchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitted } = formState;

  const pick = (place: PickedPlace) => {
    setPicked(place);
    const opts = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('address', place.address, opts);
    setValue('latitude', place.latitude, opts);
    setValue('longitude', place.longitude, opts);
  };

  const submit = handleSubmit(async (body) => {
    let application: SupportApplication;
    try {
      application = await api.apply(body);
    } catch {
      return; // the client has shown the server's message
    }
    reset(EMPTY);
    setPicked(null);
    onApplied(application);
  });

  const locationError = errors.latitude?.message ?? errors.longitude?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <section className={styles.card}>
        {TEXT_FIELDS.map((f) => (
          <Controller
            key={f.name}
            control={control}
            name={f.name}
            render={({ field, fieldState }) => (
              <FormRow htmlFor={`apply-${f.name}`} label={t(`applyPage.${f.label}`)} error={fieldState.error?.message}>
                <Input
                  ref={field.ref}
                  id={`apply-${f.name}`}
                  className={styles.input}
                  placeholder={t(`applyPage.${f.label}`)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxLength={f.max}
                  type={'type' in f ? f.type : 'text'}
                  inputMode={'inputMode' in f ? f.inputMode : undefined}
                  autoComplete={'autoComplete' in f ? f.autoComplete : 'off'}
                  clearable
                />
              </FormRow>
            )}
          />
        ))}
        <Controller
          control={control}
          name="animal_nums"
          render={({ field, fieldState }) => (
            <FormRow htmlFor="apply-animal_nums" label={t('applyPage.animals')} error={fieldState.error?.message}>
              <Input
                ref={field.ref}
                id="apply-animal_nums"
                className={styles.input}
                placeholder={t('applyPage.animals')}
                value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : ''}
                onChange={(v) => {
                  field.onChange(v.replace(/\D/g, ''));
                }}
                onBlur={field.onBlur}
                inputMode="numeric"
                maxLength={6}
                clearable
              />
            </FormRow>
          )}
        />
      </section>

      <section className={styles.card}>
        <Controller
          control={control}
          name="application_type_id"
          render={({ field, fieldState }) => (
            <FormRow labelId="apply-type-label" label={t('applyPage.type')} error={fieldState.error?.message}>
              {types.data && types.data.list.length === 0 ? (
                <p className={styles.note}>{t('applyPage.typesEmpty')}</p>
              ) : (
                <TypePicker
                  types={types.data?.list ?? []}
                  value={typeof field.value === 'number' ? field.value : undefined}
                  onChange={field.onChange}
                  labelledBy="apply-type-label"
                />
              )}
            </FormRow>
          )}
        />
      </section>

      <section className={styles.card}>
        <FormRow htmlFor="apply-place" label={t('applyPage.addressSearch')} error={locationError}>
          <AddressPicker maps={maps} onPick={pick} inputId="apply-place" />
          {picked ? (
            <p className={styles.picked} data-testid="picked-place">
              {t('applyPage.picked', { title: picked.title })}
              <span className={styles.coords}>
                {t('applyPage.coordinates', {
                  latitude: picked.latitude.toFixed(5),
                  longitude: picked.longitude.toFixed(5),
                })}
              </span>
            </p>
          ) : null}
        </FormRow>
        <Controller
          control={control}
          name="address"
          render={({ field, fieldState }) => (
            <FormRow
              htmlFor="apply-address"
              label={t('applyPage.address')}
              error={fieldState.error?.message}
              hint={<p className={styles.note}>{t('applyPage.addressHint')}</p>}
            >
              <TextArea
                ref={field.ref}
                id="apply-address"
                className={styles.textarea}
                placeholder={t('applyPage.address')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={200}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </FormRow>
          )}
        />
      </section>

      <section className={styles.card}>
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <FormRow htmlFor="apply-description" label={t('applyPage.description')} error={fieldState.error?.message}>
              <TextArea
                ref={field.ref}
                id="apply-description"
                className={styles.textarea}
                placeholder={t('applyPage.descriptionPlaceholder')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={1000}
                rows={4}
                showCount
              />
            </FormRow>
          )}
        />
      </section>

      <p className={styles.privacy}>{t('applyPage.privacy')}</p>
      <div className={styles.footer}>
        <Button block type="submit" color="primary" shape="rounded" size="large" loading={formState.isSubmitting}>
          {t('applyPage.submit')}
        </Button>
      </div>
    </form>
  );
}
