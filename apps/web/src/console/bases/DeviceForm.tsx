import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminBase, AdminDevice, DeviceCredentials } from '@petheart/contracts';
import type { z } from 'zod';
import { useSession } from '../../shared/session';
import {
  DeviceProvisionFormSchema,
  DeviceUpdateFormSchema,
  EMPTY_DEVICE_FORM,
  bodyResolver,
  deviceFormToBody,
  deviceToForm,
  firstMessage,
  type DeviceFormValues,
} from '../shared/forms';
import { FormRow } from '../shared/ui';
import { useBasesApi } from './api';
import styles from '../shared/admin.module.css';

type ProvisionBody = z.output<typeof DeviceProvisionFormSchema>;
type UpdateBody = z.output<typeof DeviceUpdateFormSchema>;
type Body = ProvisionBody | UpdateBody;

/**
 * Provision a device (`device` null) or edit one: base, name, device ID (provision only), revenue share in
 * percent (sent as basis points), daily gram cap and, optionally, portions of its own. Provisioning answers
 * the credentials.
 */
export function DeviceForm({
  device,
  bases,
  defaultBaseId,
  onCancel,
  onSaved,
  onProvisioned,
}: {
  device: AdminDevice | null;
  bases: AdminBase[];
  defaultBaseId?: number | undefined;
  onCancel: () => void;
  onSaved: (saved: AdminDevice) => void;
  onProvisioned: (credentials: DeviceCredentials) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useBasesApi();
  const { config } = useSession();
  const { control, handleSubmit, formState } = useForm<DeviceFormValues, unknown, Body>({
    resolver: device
      ? bodyResolver(DeviceUpdateFormSchema, deviceFormToBody)
      : bodyResolver(DeviceProvisionFormSchema, deviceFormToBody),
    defaultValues: device
      ? deviceToForm(device)
      : { ...EMPTY_DEVICE_FORM, base_id: defaultBaseId ? String(defaultBaseId) : '' },
  });
  const portions = useFieldArray({ control, name: 'portions' });
  const custom = useWatch({ control, name: 'custom_portions' });

  const submit = handleSubmit(async (body) => {
    try {
      if (device) {
        const saved = await api.updateDevice(body as UpdateBody);
        Toast.show({ content: t('shared.saved'), icon: 'success' });
        onSaved(saved);
      } else {
        onProvisioned(await api.provision(body as ProvisionBody));
      }
    } catch {
      // the API client has shown why
    }
  });

  const defaults = config?.feeding_portions ?? [];
  const defaultsText = defaults.length
    ? t('devices.defaultPortions', {
        list: defaults.map((p) => t('devices.portion', { grams: p.grams, coins: p.coins })).join(', '),
      })
    : t('devices.noDefaultPortions');

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <h2 className={styles.formTitle}>
        {device ? t('devices.editTitle', { id: device.device_id }) : t('devices.provisionTitle')}
      </h2>
      <div className={styles.formBody}>
        <Controller
          control={control}
          name="base_id"
          render={({ field, fieldState }) => (
            <FormRow label={t('devices.base')} htmlFor="device-base" error={fieldState.error?.message}>
              <select
                ref={field.ref}
                id="device-base"
                className={styles.select}
                value={field.value}
                onChange={(e) => {
                  field.onChange(e.currentTarget.value);
                }}
                onBlur={field.onBlur}
              >
                <option value="">{t('devices.selectBase')}</option>
                {bases.map((b) => (
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
          name="name"
          render={({ field, fieldState }) => (
            <FormRow label={t('devices.name')} htmlFor="device-name" error={fieldState.error?.message}>
              <Input
                ref={field.ref}
                id="device-name"
                className={styles.input}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={100}
              />
            </FormRow>
          )}
        />
        {device ? null : (
          <Controller
            control={control}
            name="device_id"
            render={({ field, fieldState }) => (
              <FormRow
                label={`${t('devices.deviceId')} (${t('shared.optional')})`}
                htmlFor="device-id"
                error={fieldState.error?.message}
                hint={t('devices.deviceIdHint')}
              >
                <Input
                  ref={field.ref}
                  id="device-id"
                  className={styles.input}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="PH-0009"
                  maxLength={64}
                  autoComplete="off"
                />
              </FormRow>
            )}
          />
        )}
        <Controller
          control={control}
          name="revenue_share_bp"
          render={({ field, fieldState }) => (
            <FormRow
              label={t('devices.shareLabel')}
              htmlFor="device-share"
              error={fieldState.error?.message}
              hint={t('devices.shareHint')}
            >
              <Input
                ref={field.ref}
                id="device-share"
                className={styles.input}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputMode="decimal"
                maxLength={6}
              />
            </FormRow>
          )}
        />
        <Controller
          control={control}
          name="daily_gram_cap"
          render={({ field, fieldState }) => (
            <FormRow
              label={t('devices.dailyCap')}
              htmlFor="device-daily-cap"
              error={fieldState.error?.message}
              hint={t('devices.dailyCapHint')}
            >
              <Input
                ref={field.ref}
                id="device-daily-cap"
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
        <FormRow label={t('devices.portions')} error={firstMessage(formState.errors.portions)}>
          <Controller
            control={control}
            name="custom_portions"
            render={({ field }) => (
              <Checkbox
                className={styles.switchRow}
                checked={field.value}
                onChange={(on) => {
                  field.onChange(on);
                  if (on && portions.fields.length === 0) {
                    if (defaults.length) {
                      portions.replace(defaults.map((p) => ({ grams: String(p.grams), coins: String(p.coins) })));
                    } else portions.append({ grams: '', coins: '' });
                  }
                }}
              >
                {t('devices.customPortions')}
              </Checkbox>
            )}
          />
          {custom ? (
            <div className={styles.portions}>
              {portions.fields.map((row, i) => (
                <div key={row.id} className={styles.portionRow}>
                  <Controller
                    control={control}
                    name={`portions.${i}.grams`}
                    render={({ field }) => (
                      <Input
                        className={styles.input}
                        aria-label={`${t('devices.grams')} ${String(i + 1)}`}
                        placeholder={t('devices.grams')}
                        value={field.value}
                        onChange={field.onChange}
                        inputMode="numeric"
                      />
                    )}
                  />
                  <span aria-hidden="true">g →</span>
                  <Controller
                    control={control}
                    name={`portions.${i}.coins`}
                    render={({ field }) => (
                      <Input
                        className={styles.input}
                        aria-label={`${t('devices.coins')} ${String(i + 1)}`}
                        placeholder={t('devices.coins')}
                        value={field.value}
                        onChange={field.onChange}
                        inputMode="numeric"
                      />
                    )}
                  />
                  <Button
                    size="mini"
                    fill="outline"
                    color="danger"
                    aria-label={t('devices.removePortion', { n: i + 1 })}
                    onClick={() => {
                      portions.remove(i);
                    }}
                  >
                    ×
                  </Button>
                </div>
              ))}
              <Button
                size="small"
                disabled={portions.fields.length >= 10}
                onClick={() => {
                  portions.append({ grams: '', coins: '' });
                }}
              >
                {t('devices.addPortion')}
              </Button>
            </div>
          ) : (
            <div className={styles.formHint}>{defaultsText}</div>
          )}
        </FormRow>
      </div>
      <div className={styles.formFooter}>
        <Button onClick={onCancel}>{t('shared.cancel')}</Button>
        <Button color="primary" type="submit" loading={formState.isSubmitting}>
          {device ? t('shared.save') : t('devices.provision')}
        </Button>
      </div>
    </form>
  );
}
