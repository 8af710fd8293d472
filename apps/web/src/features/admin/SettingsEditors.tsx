import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ConsoleSettingsSchema, MAX_PORTIONS, MAX_RECHARGE_PACKAGES, type ConsoleSettings } from '@petheart/contracts';
import type { z } from 'zod';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { bodyResolver } from './forms';
import {
  PackagesFormSchema,
  PortionsFormSchema,
  newPackageRow,
  packagesFormToBody,
  packagesToForm,
  portionsFormToBody,
  portionsToForm,
  type PackagesFormValues,
  type PortionsFormValues,
} from './money-forms';
import { formatMoney } from './money-ui';
import styles from './money.module.css';

/** One editable cell: a text box (named by `label`) and its message under it. */
function Cell({
  label,
  value,
  onChange,
  onBlur,
  error,
  narrow = false,
  numeric = 'numeric',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: FieldError | undefined;
  narrow?: boolean;
  numeric?: 'numeric' | 'decimal';
}) {
  const message = useMessage();
  return (
    <td>
      <input
        className={narrow ? `${styles.cellInput ?? ''} ${styles.narrow ?? ''}` : styles.cellInput}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        inputMode={numeric}
        value={value}
        maxLength={12}
        onChange={(e) => {
          onChange(e.currentTarget.value);
        }}
        onBlur={onBlur}
      />
      {error?.message ? <div className={styles.cellError}>{message(error.message)}</div> : null}
    </td>
  );
}

/** Save and undo under an editor; the list's own message (too few, too many) beside them. */
function Footer({
  saveLabel,
  dirty,
  saving,
  listError,
  onUndo,
}: {
  saveLabel: string;
  dirty: boolean;
  saving: boolean;
  listError: string | undefined;
  onUndo: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  return (
    <div className={styles.editorFooter}>
      <Button color="primary" size="small" type="submit" loading={saving} disabled={!dirty}>
        {saveLabel}
      </Button>
      <Button size="small" disabled={!dirty || saving} onClick={onUndo}>
        {t('settings.undo')}
      </Button>
      {dirty ? <span className={styles.dirty}>{t('settings.unsaved')}</span> : null}
      {listError ? (
        <span className={styles.error} role="alert">
          {message(listError)}
        </span>
      ) : null}
    </div>
  );
}

type PackagesBody = z.output<typeof PackagesFormSchema>;

/** What one package row gives the payer: coins + bonus. */
function Receives({ control, index }: { control: Control<PackagesFormValues, unknown, PackagesBody>; index: number }) {
  const { t } = useTranslation('admin');
  const row = useWatch({ control, name: `recharge_packages.${index}` });
  const total = Number(row.coins) + (row.bonus.trim() === '' ? 0 : Number(row.bonus));
  return (
    <td>
      <span className={styles.cellNote}>
        {Number.isInteger(total) ? t('settings.coinsValue', { count: total }) : '—'}
      </span>
    </td>
  );
}

/** Sends one part of the settings; answers the saved settings (undefined when refused: the client told why). */
function useSaveSettings() {
  const api = useApi();
  return async (data: unknown): Promise<ConsoleSettings | undefined> => {
    try {
      return await api.request({
        path: '/admin/settings/update',
        data,
        schema: ConsoleSettingsSchema,
        task: 'settings',
      });
    } catch {
      return undefined;
    }
  };
}

/** The recharge packages: id, price (shown in yuan, sent in fen), coins and bonus; add, remove, save. */
export function PackagesEditor({
  settings,
  locale,
  onSaved,
}: {
  settings: ConsoleSettings;
  locale: string;
  onSaved: (s: ConsoleSettings) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const initial = packagesToForm(settings.recharge_packages);
  const { control, handleSubmit, formState, reset, getValues } = useForm<PackagesFormValues, unknown, PackagesBody>({
    resolver: bodyResolver(PackagesFormSchema, packagesFormToBody),
    defaultValues: initial,
  });
  const rows = useFieldArray({ control, name: 'recharge_packages' });
  const submit = handleSubmit(async (body) => {
    const saved = await save(body);
    if (!saved) return;
    Toast.show({ content: t('settings.saved'), icon: 'success' });
    reset(packagesToForm(saved.recharge_packages));
    onSaved(saved);
  });
  const field = (name: string, i: number) => t('settings.field', { field: name, n: i + 1 });
  const listError = formState.errors.recharge_packages?.message ?? formState.errors.recharge_packages?.root?.message;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.packages')}>
      <table className={styles.editTable}>
        <thead>
          <tr>
            <th>{t('settings.id')}</th>
            <th>{t('settings.price', { currency: settings.currency })}</th>
            <th>{t('settings.coins')}</th>
            <th>{t('settings.bonus')}</th>
            <th>{t('settings.receives')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, i) => (
            <tr key={row.id} data-testid={`package-row-${String(i + 1)}`}>
              {(['id', 'price', 'coins', 'bonus'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={`recharge_packages.${i}.${name}`}
                  render={({ field: f, fieldState }) => (
                    <Cell
                      label={field(t(`settings.${name}`, { currency: settings.currency }), i)}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      error={fieldState.error}
                      narrow={name === 'id'}
                      numeric={name === 'price' ? 'decimal' : 'numeric'}
                    />
                  )}
                />
              ))}
              <Receives control={control} index={i} />
              <td>
                <Button
                  size="mini"
                  fill="outline"
                  color="danger"
                  aria-label={t('settings.removePackage', { n: i + 1 })}
                  onClick={() => {
                    rows.remove(i);
                  }}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>
        {settings.recharge_packages
          .map(
            (p) =>
              `${formatMoney(p.price, settings.currency, locale)} → ${t('settings.coinsValue', { count: p.coins + p.bonus })}`,
          )
          .join(' · ')}
      </p>
      <div className={styles.editorFooter} style={{ marginBottom: 8 }}>
        <Button
          size="small"
          disabled={rows.fields.length >= MAX_RECHARGE_PACKAGES}
          onClick={() => {
            rows.append(newPackageRow(getValues('recharge_packages')));
          }}
        >
          {t('settings.addPackage')}
        </Button>
      </div>
      <Footer
        saveLabel={t('settings.savePackages')}
        dirty={formState.isDirty}
        saving={formState.isSubmitting}
        listError={listError}
        onUndo={() => {
          reset(initial);
        }}
      />
    </form>
  );
}

type PortionsBody = z.output<typeof PortionsFormSchema>;

/** The default portions (grams → coins) of devices without their own: add, remove, save. */
export function PortionsEditor({
  settings,
  onSaved,
}: {
  settings: ConsoleSettings;
  onSaved: (s: ConsoleSettings) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const initial = portionsToForm(settings.feeding_portions);
  const { control, handleSubmit, formState, reset } = useForm<PortionsFormValues, unknown, PortionsBody>({
    resolver: bodyResolver(PortionsFormSchema, portionsFormToBody),
    defaultValues: initial,
  });
  const rows = useFieldArray({ control, name: 'feeding_portions' });
  const submit = handleSubmit(async (body) => {
    const saved = await save(body);
    if (!saved) return;
    Toast.show({ content: t('settings.saved'), icon: 'success' });
    reset(portionsToForm(saved.feeding_portions));
    onSaved(saved);
  });
  const listError = formState.errors.feeding_portions?.message ?? formState.errors.feeding_portions?.root?.message;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.portions')}>
      <table className={styles.editTable}>
        <thead>
          <tr>
            <th>{t('settings.grams')}</th>
            <th />
            <th>{t('settings.coins')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, i) => (
            <tr key={row.id}>
              <Controller
                control={control}
                name={`feeding_portions.${i}.grams`}
                render={({ field: f, fieldState }) => (
                  <Cell
                    label={t('settings.portionField', { field: t('settings.grams'), n: i + 1 })}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    error={fieldState.error}
                  />
                )}
              />
              <td>
                <span className={styles.cellNote} aria-hidden="true">
                  g →
                </span>
              </td>
              <Controller
                control={control}
                name={`feeding_portions.${i}.coins`}
                render={({ field: f, fieldState }) => (
                  <Cell
                    label={t('settings.portionField', { field: t('settings.coins'), n: i + 1 })}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    error={fieldState.error}
                  />
                )}
              />
              <td>
                <Button
                  size="mini"
                  fill="outline"
                  color="danger"
                  aria-label={t('settings.removePortion', { n: i + 1 })}
                  onClick={() => {
                    rows.remove(i);
                  }}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.editorFooter} style={{ marginBottom: 8 }}>
        <Button
          size="small"
          disabled={rows.fields.length >= MAX_PORTIONS}
          onClick={() => {
            rows.append({ grams: '', coins: '' });
          }}
        >
          {t('settings.addPortion')}
        </Button>
      </div>
      <Footer
        saveLabel={t('settings.savePortions')}
        dirty={formState.isDirty}
        saving={formState.isSubmitting}
        listError={listError}
        onUndo={() => {
          reset(initial);
        }}
      />
    </form>
  );
}
