import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_PORTIONS, type ConsoleSettings } from '@petheart/contracts';
import type { z } from 'zod';
import { bodyResolver } from '../shared/forms';
import { PortionsFormSchema, portionsFormToBody, portionsToForm, type PortionsFormValues } from '../shared/money-forms';
import { AddRowButton, CellField, EditorTable, Footer, listErrorOf, useSaveSettings } from '../shared/settings-ui';
import styles from '../shared/money.module.css';
import { useSettingsApi } from './api';

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
  const initial = portionsToForm(settings.feeding_portions);
  const { control, handleSubmit, formState, reset } = useForm<PortionsFormValues, unknown, PortionsBody>({
    resolver: bodyResolver(PortionsFormSchema, portionsFormToBody),
    defaultValues: initial,
  });
  const rows = useFieldArray({ control, name: 'feeding_portions' });
  const settingsCalls = useSettingsApi();
  const save = useSaveSettings(settingsCalls.update, (saved) => {
    reset(portionsToForm(saved.feeding_portions));
    onSaved(saved);
  });
  const submit = handleSubmit(save);
  const field = (name: 'grams' | 'coins', i: number) =>
    t('settings.portionField', { field: t(`settings.${name}`), n: i + 1 });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('settings.portions')}>
      <EditorTable
        columns={[t('settings.grams'), '', t('settings.coins')]}
        rows={rows.fields}
        cells={(i) => (
          <>
            <CellField control={control} name={`feeding_portions.${i}.grams`} label={field('grams', i)} />
            <td>
              <span className={styles.cellNote} aria-hidden="true">
                g →
              </span>
            </td>
            <CellField control={control} name={`feeding_portions.${i}.coins`} label={field('coins', i)} />
          </>
        )}
        removeLabel={(i) => t('settings.removePortion', { n: i + 1 })}
        onRemove={rows.remove}
      />
      <AddRowButton
        label={t('settings.addPortion')}
        disabled={rows.fields.length >= MAX_PORTIONS}
        onAdd={() => {
          rows.append({ grams: '', coins: '' });
        }}
      />
      <Footer
        saveLabel={t('settings.savePortions')}
        dirty={formState.isDirty}
        saving={formState.isSubmitting}
        listError={listErrorOf(formState.errors.feeding_portions)}
        onUndo={() => {
          reset(initial);
        }}
      />
    </form>
  );
}
