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
import { SelectField, TextField } from '../shared/fields';
import { FormFooter, FormRow, RemoveButton } from '../shared/ui';
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

  /** One cell of a portion row (grams or coins), named by its column and row. */
  const portionInput = (i: number, part: 'grams' | 'coins') => (
    <Controller
      control={control}
      name={`portions.${i}.${part}`}
      render={({ field }) => (
        <Input
          className={styles.input}
          aria-label={`${t(`devices.${part}`)} ${String(i + 1)}`}
          placeholder={t(`devices.${part}`)}
          value={field.value}
          onChange={field.onChange}
          inputMode="numeric"
        />
      )}
    />
  );

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
        <SelectField
          control={control}
          name="base_id"
          id="device-base"
          label={t('devices.base')}
          placeholder={t('devices.selectBase')}
          options={bases.map((b) => ({ value: String(b.id), label: b.name }))}
        />
        <TextField control={control} name="name" id="device-name" label={t('devices.name')} maxLength={100} />
        {device ? null : (
          <TextField
            control={control}
            name="device_id"
            id="device-id"
            label={`${t('devices.deviceId')} (${t('shared.optional')})`}
            hint={t('devices.deviceIdHint')}
            placeholder="PH-0009"
            maxLength={64}
            autoComplete="off"
          />
        )}
        <TextField
          control={control}
          name="revenue_share_bp"
          id="device-share"
          label={t('devices.shareLabel')}
          hint={t('devices.shareHint')}
          inputMode="decimal"
          maxLength={6}
        />
        <TextField
          control={control}
          name="daily_gram_cap"
          id="device-daily-cap"
          label={t('devices.dailyCap')}
          hint={t('devices.dailyCapHint')}
          inputMode="numeric"
          maxLength={6}
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
                  {portionInput(i, 'grams')}
                  <span aria-hidden="true">g →</span>
                  {portionInput(i, 'coins')}
                  <RemoveButton
                    label={t('devices.removePortion', { n: i + 1 })}
                    onRemove={() => {
                      portions.remove(i);
                    }}
                  />
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
      <FormFooter
        onCancel={onCancel}
        submitting={formState.isSubmitting}
        submitLabel={device ? t('shared.save') : t('devices.provision')}
      />
    </form>
  );
}
