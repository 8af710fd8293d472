import { Button, DotLoading } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CashoutSettingsUpdateBodySchema, type CashoutSettings } from '@petheart/contracts';
import { useSession } from '../../shared/session';
import { rulesFormToBody, rulesToForm, type RulesFormValues } from './cashout-console';
import { bodyResolver } from '../shared/forms';
import { FieldRow } from '../shared/fields';
import { saveWithToast } from '../shared/ui';
import styles from '../shared/admin.module.css';
import money from '../shared/money.module.css';
import own from '../shared/operator-console.module.css';
import { useCashoutsApi } from './api';
import { cashoutsKeys } from './keys';

type RulesBody = z.output<typeof CashoutSettingsUpdateBodySchema>;
const FIELDS = ['min_amount', 'fee_rate_bp', 'fee_fixed', 'coin_value'] as const;

function RulesForm({ settings, onSaved }: { settings: CashoutSettings; onSaved: (s: CashoutSettings) => void }) {
  const { t } = useTranslation('admin');
  const cashouts = useCashoutsApi();
  const { control, handleSubmit, formState, reset } = useForm<RulesFormValues, unknown, RulesBody>({
    resolver: bodyResolver(CashoutSettingsUpdateBodySchema, rulesFormToBody),
    defaultValues: rulesToForm(settings),
  });
  const submit = handleSubmit((body) =>
    saveWithToast(
      () => cashouts.updateSettings(body),
      t('cashouts.rulesSaved'),
      (saved) => {
        reset(rulesToForm(saved));
        onSaved(saved);
      },
    ),
  );
  const labels: Record<(typeof FIELDS)[number], string> = {
    min_amount: t('cashouts.minAmount', { currency: settings.currency }),
    fee_rate_bp: t('cashouts.feeRate'),
    fee_fixed: t('cashouts.feeFixed', { currency: settings.currency }),
    coin_value: t('cashouts.coinValue', { currency: settings.currency }),
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('cashouts.rules')}>
      <div className={own.rules}>
        {FIELDS.map((name) => (
          <FieldRow key={name} control={control} name={name} label={labels[name]} id={`cashout-rule-${name}`}>
            {(field, fieldState) => (
              <input
                id={`cashout-rule-${name}`}
                className={money.cellInput}
                inputMode="decimal"
                value={field.value}
                maxLength={12}
                aria-invalid={fieldState.error ? true : undefined}
                onChange={(e) => {
                  field.onChange(e.currentTarget.value);
                }}
                onBlur={field.onBlur}
              />
            )}
          </FieldRow>
        ))}
      </div>
      <div className={money.editorFooter}>
        <Button
          color="primary"
          size="small"
          type="submit"
          loading={formState.isSubmitting}
          disabled={!formState.isDirty}
        >
          {t('cashouts.saveRules')}
        </Button>
        <Button
          size="small"
          disabled={!formState.isDirty || formState.isSubmitting}
          onClick={() => {
            reset(rulesToForm(settings));
          }}
        >
          {t('settings.undo')}
        </Button>
      </div>
    </form>
  );
}

/** The cash-out rules (minimum, fee rate, fixed fee, coin value), saved on their own; the app uses them at once. */
export function CashoutRules() {
  const { t } = useTranslation('admin');
  const cashouts = useCashoutsApi();
  const queryClient = useQueryClient();
  const { refreshConfig } = useSession();
  const query = useQuery({
    queryKey: cashoutsKeys.settings,
    queryFn: () => cashouts.settings(),
  });
  return (
    <section className={`${styles.panel ?? ''} ${money.section ?? ''}`}>
      <div className={money.sectionHead}>
        <h2>{t('cashouts.rules')}</h2>
      </div>
      <p className={money.hint}>{t('cashouts.rulesHint')}</p>
      {query.data ? (
        <RulesForm
          key={JSON.stringify(query.data)}
          settings={query.data}
          onSaved={(saved) => {
            queryClient.setQueryData(cashoutsKeys.settings, saved);
            void refreshConfig().catch(() => undefined);
          }}
        />
      ) : (
        <div className={styles.empty}>{query.isError ? t('common:loadFailed') : <DotLoading />}</div>
      )}
    </section>
  );
}
