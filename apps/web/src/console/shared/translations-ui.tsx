import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { LOCALES, type Locale } from '@petheart/contracts';
import { SelectField, TextAreaField, TextField } from './fields';
import { otherLanguages } from './translations';
import admin from './admin.module.css';
import styles from './console-content.module.css';

export interface TranslatedField<K extends string> {
  key: K;
  label: string;
  maxLength: number;
  /** A text area of this many rows at least (else one line). */
  rows?: number;
}

/**
 * The language an operator's texts are written in ("Written in", the writer's own by default) and the same texts
 * in the other languages, one language at a time (issue 29 §5). Readers of another language see the original
 * marked with its language until a translation has all its texts. The form's values: `text_lang` and
 * `translations.<lang>.<key>`.
 */
export function TranslationsEditor<K extends string, T extends FieldValues, B>({
  control,
  fields,
  idPrefix,
}: {
  control: Control<T, unknown, B>;
  fields: readonly TranslatedField<K>[];
  idPrefix: string;
}) {
  const { t } = useTranslation('admin');
  const writtenIn = useWatch({ control, name: 'text_lang' as FieldPathByValue<T, string> }) as string;
  const others = otherLanguages(writtenIn);
  const [picked, setPicked] = useState<Locale>(others[0] ?? 'en');
  const lang = others.includes(picked) ? picked : (others[0] ?? 'en');
  return (
    <div className={styles.langBlock} data-testid={`${idPrefix}-translations`}>
      <SelectField
        control={control}
        name={'text_lang' as FieldPathByValue<T, string>}
        id={`${idPrefix}-text-lang`}
        label={t('translations.writtenIn')}
        hint={t('translations.writtenInHint')}
        options={LOCALES.map((l) => ({ value: l, label: t(`langs.${l}`) }))}
      />
      <h3 className={admin.formLabel}>{t('translations.heading')}</h3>
      <div className={styles.langTabs} role="tablist" aria-label={t('translations.heading')}>
        {others.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${idPrefix}-tr-tab-${l}`}
            aria-selected={lang === l}
            className={lang === l ? `${styles.langTab ?? ''} ${styles.langTabActive ?? ''}` : styles.langTab}
            onClick={() => {
              setPicked(l);
            }}
          >
            {t(`langs.${l}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`${idPrefix}-tr-tab-${lang}`} className={styles.langPanel}>
        {fields.map((f) => {
          const props = {
            control,
            name: `translations.${lang}.${f.key}` as FieldPathByValue<T, string>,
            id: `${idPrefix}-tr-${f.key}-${lang}`,
            label: t('translations.field', { field: f.label, lang: t(`langs.${lang}`) }),
            maxLength: f.maxLength,
          };
          return f.rows ? (
            <TextAreaField key={`${f.key}-${lang}`} {...props} autoSize={{ minRows: f.rows, maxRows: 8 }} />
          ) : (
            <TextField key={`${f.key}-${lang}`} {...props} />
          );
        })}
        <p className={admin.formHint}>{t('translations.hint')}</p>
      </div>
    </div>
  );
}
