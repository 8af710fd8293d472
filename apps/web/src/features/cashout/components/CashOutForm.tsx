import { useState, type ReactNode } from 'react';
import { Button, Input } from 'antd-mobile';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CashoutApplyBodySchema, type Cashout, type CashoutConfig, type Locale } from '@petheart/contracts';
import { formatMoney } from '../../../shared/format/money';
import { MESSAGES_NS, useMessage } from '../../../shared/i18n';
import { RequestKeys, type CashoutApi } from '../api';
import { checkAmount, cleanAmountInput, maxAmountText } from '../quote';
import { QuotePanel } from './QuotePanel';
import styles from '../cashout.module.css';

/** The payee's details as the server checks them (card number: 12–19 digits, Luhn; mobile; required texts). */
const FormSchema = CashoutApplyBodySchema.pick({ bank: true, code: true, name: true, mobile: true }).extend({
  // Checked live against the rules and the earnings (checkAmount), not here.
  amount: z.string(),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;
type TextField = Exclude<keyof FormInput, 'amount'>;

/** The currency's sign before the amount box ("¥" for CNY; the code for others). */
export function currencySymbol(currency: string, locale: Locale): string {
  const sign = formatMoney(0, currency, locale).replace(/[\d.,\s]/g, '');
  return sign || currency;
}

/** A card number as typed, grouped by four digits (the server keeps the digits). */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <div id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

function TextInput({
  control,
  name,
  label,
  placeholder,
  maxLength,
  inputMode,
  format,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  name: TextField;
  label: string;
  placeholder: string;
  maxLength: number;
  inputMode?: 'numeric' | 'tel' | 'text';
  format?: (text: string) => string;
}) {
  const message = useMessage();
  const id = `cashout-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field id={id} label={label} error={message(fieldState.error?.message) || undefined}>
          <Input
            ref={field.ref}
            id={id}
            className={styles.input}
            value={field.value}
            onChange={(v) => {
              field.onChange(format ? format(v) : v);
            }}
            onBlur={field.onBlur}
            placeholder={placeholder}
            maxLength={maxLength}
            inputMode={inputMode}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={`${id}-error`}
            clearable
          />
        </Field>
      )}
    />
  );
}

/**
 * The request: amount (with the live minimum, fee and net), bank, card number, account holder and mobile.
 * Each submit of the same details sends the same idempotency key (a retry after a lost answer is the same
 * request); changed details get a new one. `onDone` gets the recorded cash-out.
 */
export function CashOutForm({
  config,
  locale,
  api,
  onDone,
}: {
  config: CashoutConfig;
  locale: Locale;
  api: CashoutApi;
  onDone: (cashout: Cashout) => void;
}) {
  const { t } = useTranslation('cashout');
  const { t: tm } = useTranslation(MESSAGES_NS);
  const [tried, setTried] = useState(false);
  const [keys] = useState(() => new RequestKeys());
  const { control, handleSubmit, setValue, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: { amount: '', bank: '', code: '', name: '', mobile: '' },
  });
  const amountText = useWatch({ control, name: 'amount' });
  const check = checkAmount(amountText, config);
  const money = (fen: number) => formatMoney(fen, config.currency, locale);
  const amountError =
    check.problem && (amountText !== '' || tried)
      ? tm(check.problem.key, {
          nsSeparator: false,
          ...Object.fromEntries(Object.entries(check.problem.amounts).map(([k, fen]) => [k, money(fen)])),
        })
      : undefined;
  const tooLittle = config.available_amount < config.min_amount;

  const submit = handleSubmit(async (values) => {
    if (check.problem || check.fen === null) return;
    const details = {
      amount: check.fen,
      bank: values.bank,
      code: values.code,
      name: values.name,
      mobile: values.mobile,
    };
    let saved: Cashout;
    try {
      saved = await api.apply({ ...details, idempotency_key: keys.keyFor(details) });
    } catch {
      return; // the API client has shown why
    }
    keys.done();
    onDone(saved);
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('title')}
      onSubmit={(e) => {
        setTried(true);
        void submit(e);
      }}
    >
      {tooLittle ? (
        <p className={styles.notice} role="note">
          {t('belowMinimum', { min: money(config.min_amount) })}
        </p>
      ) : null}
      <section className={styles.card}>
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <Field id="cashout-amount" label={t('amount')} error={amountError}>
              <div className={styles.amountRow}>
                <span className={styles.currency} aria-hidden="true">
                  {currencySymbol(config.currency, locale)}
                </span>
                <Input
                  ref={field.ref}
                  id="cashout-amount"
                  className={styles.amountInput}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(cleanAmountInput(v, field.value));
                  }}
                  onBlur={field.onBlur}
                  inputMode="decimal"
                  placeholder={t('amountPlaceholder', { min: money(config.min_amount) })}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby="cashout-amount-error"
                  clearable
                />
                <button
                  type="button"
                  className="ph-link-button"
                  disabled={config.available_amount <= 0}
                  onClick={() => {
                    setValue('amount', maxAmountText(config), { shouldDirty: true });
                  }}
                >
                  {t('all')}
                </button>
              </div>
            </Field>
          )}
        />
        <QuotePanel config={config} check={check} locale={locale} />
        <p className={styles.hint}>{t('netHint')}</p>
      </section>
      <section className={styles.card}>
        <TextInput control={control} name="bank" label={t('bank')} placeholder={t('bankPlaceholder')} maxLength={60} />
        <TextInput
          control={control}
          name="code"
          label={t('code')}
          placeholder={t('codePlaceholder')}
          maxLength={23}
          inputMode="numeric"
          format={groupCardNumber}
        />
        <TextInput control={control} name="name" label={t('name')} placeholder={t('namePlaceholder')} maxLength={60} />
        <TextInput
          control={control}
          name="mobile"
          label={t('mobile')}
          placeholder={t('mobilePlaceholder')}
          maxLength={16}
          inputMode="tel"
        />
      </section>
      <div className={styles.footer}>
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={formState.isSubmitting}
          disabled={tooLittle}
        >
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
