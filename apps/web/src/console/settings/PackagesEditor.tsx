import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_RECHARGE_PACKAGES, type ConsoleSettings } from '@petheart/contracts';
import type { z } from 'zod';
import { bodyResolver } from '../shared/forms';
import {
  PackagesFormSchema,
  newPackageRow,
  packagesFormToBody,
  packagesToForm,
  type PackagesFormValues,
} from '../shared/money-forms';
import { formatMoney } from '../../shared/format/money';
import { AddRowButton, CellField, EditorTable, Footer, listErrorOf, useSaveSettings } from '../shared/settings-ui';
import styles from '../shared/money.module.css';
import { useSettingsApi } from './api';

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
  const initial = packagesToForm(settings.recharge_packages);
  const { control, handleSubmit, formState, reset, getValues } = useForm<PackagesFormValues, unknown, PackagesBody>({
    resolver: bodyResolver(PackagesFormSchema, packagesFormToBody),
    defaultValues: initial,
  });
  const rows = useFieldArray({ control, name: 'recharge_packages' });
  const settingsCalls = useSettingsApi();
  const save = useSaveSettings(settingsCalls.update, (saved) => {
    reset(packagesToForm(saved.recharge_packages));
    onSaved(saved);
  });
  const submit = handleSubmit(save);
  const field = (name: string, i: number) => t('settings.field', { field: name, n: i + 1 });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.packages')}>
      <EditorTable
        columns={[
          t('settings.id'),
          t('settings.price', { currency: settings.currency }),
          t('settings.coins'),
          t('settings.bonus'),
          t('settings.receives'),
        ]}
        rows={rows.fields}
        rowTestId={(i) => `package-row-${String(i + 1)}`}
        cells={(i) => (
          <>
            {(['id', 'price', 'coins', 'bonus'] as const).map((name) => (
              <CellField
                key={name}
                control={control}
                name={`recharge_packages.${i}.${name}`}
                label={field(t(`settings.${name}`, { currency: settings.currency }), i)}
                narrow={name === 'id'}
                numeric={name === 'price' ? 'decimal' : 'numeric'}
              />
            ))}
            <Receives control={control} index={i} />
          </>
        )}
        removeLabel={(i) => t('settings.removePackage', { n: i + 1 })}
        onRemove={rows.remove}
      />
      <p className={styles.hint}>
        {settings.recharge_packages
          .map(
            (p) =>
              `${formatMoney(p.price, settings.currency, locale)} → ${t('settings.coinsValue', { count: p.coins + p.bonus })}`,
          )
          .join(' · ')}
      </p>
      <AddRowButton
        label={t('settings.addPackage')}
        disabled={rows.fields.length >= MAX_RECHARGE_PACKAGES}
        onAdd={() => {
          rows.append(newPackageRow(getValues('recharge_packages')));
        }}
      />
      <Footer
        saveLabel={t('settings.savePackages')}
        dirty={formState.isDirty}
        saving={formState.isSubmitting}
        listError={listErrorOf(formState.errors.recharge_packages)}
        onUndo={() => {
          reset(initial);
        }}
      />
    </form>
  );
}
