import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { languageName, marksLanguage } from './lang-tag';
import styles from './lang-tag.module.css';

/**
 * A small grey tag with a text's language, next to texts an operator wrote in one language (issue 29 §5: a base's
 * name and introduction, an event's title and description), shown when it is not the reader's language.
 */
export function LangTag({ lang }: { lang: string }) {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  if (!marksLanguage(lang, locale)) return null;
  const name = languageName(lang, locale);
  return (
    <span className={styles.tag} data-testid="lang-tag" data-lang={lang} title={t('writtenIn', { language: name })}>
      <span className="ph-visually-hidden">{t('writtenIn', { language: name })}</span>
      <span aria-hidden="true">{name}</span>
    </span>
  );
}

/** The `lang` attribute of an element holding such a text ('' = unknown: none), for screen readers and fonts. */
export function textLang(lang: string): { lang?: string } {
  return lang ? { lang } : {};
}
