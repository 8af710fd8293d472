import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  pageLink,
  parseContentBody,
  type AdminContentCreateBody,
  type AdminContentItem,
  type AdminContentUpdateBody,
  type ContentKind,
  type Locale,
} from '@petheart/contracts';
import { ContentBody } from '../../shared/content/ContentBody';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import {
  contentResolver,
  contentToForm,
  emptyContentForm,
  langFill,
  type ContentFormValues,
  type LangFill,
} from '../shared/content-forms';
import { ImageField, InsertImageButton, LangTabs } from '../shared/content-ui';
import { CheckboxField, FieldRow, LocalizedTextField, SelectField, TextField } from '../shared/fields';
import { FormFooter, saveWithToast } from '../shared/ui';
import { useContentApi } from './api';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';

type LocalizedName = 'title' | 'summary' | 'body';
type Output = AdminContentCreateBody | AdminContentUpdateBody;
type FormControl = Control<ContentFormValues, unknown, Output>;
const PAGE_KINDS = ['custom', 'onePage', 'web', 'video'] as const;

/** The body's tools: insert an uploaded image, and a preview exactly as readers will see it. */
function BodyTools({ text, set }: { text: string; set: (next: string) => void }) {
  const { t } = useTranslation('admin');
  const { config } = useSession();
  const [preview, setPreview] = useState(false);
  const body = preview ? parseContentBody(text) : [];
  return (
    <>
      <span className={own.bodyTools}>
        <InsertImageButton
          onUploaded={(url) => {
            const sep = text.trim() === '' ? '' : text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
            set(`${text}${sep}![](${url})\n\n`);
          }}
        />
        <Button
          size="small"
          onClick={() => {
            setPreview((p) => !p);
          }}
        >
          {preview ? t('content.hidePreview') : t('content.preview')}
        </Button>
      </span>
      {preview ? (
        <div className={own.bodyPreview} data-testid="body-preview">
          {body.length > 0 ? (
            <ContentBody body={body} assetHost={config?.asset_host ?? ''} onNavigate={() => undefined} />
          ) : (
            <span className={styles.formHint}>{t('content.previewEmpty')}</span>
          )}
        </div>
      ) : null}
    </>
  );
}

function useFills(control: FormControl, kind: ContentKind): Record<Locale, LangFill> {
  const [title, summary, body] = useWatch({ control, name: ['title', 'summary', 'body'] });
  // Required texts first (a summary is optional: it only tells "partial" from "empty").
  const texts = kind === 'banner' ? [title] : kind === 'article' ? [title, body, summary] : [title, body];
  const required = kind === 'banner' ? 1 : 2;
  return Object.fromEntries(LOCALES.map((l) => [l, langFill(texts, required, l)])) as Record<Locale, LangFill>;
}

/**
 * Create or edit a content item (`item` null = a new one of `kind`): its texts in the four languages (one tab per
 * language), the kind's own fields, the publish flag and the order. Validated with the contract's schema (its
 * messages), sent to contentConsoleEndpoints.create or .update.
 */
export function ContentForm({
  kind,
  item,
  onCancel,
  onSaved,
}: {
  kind: ContentKind;
  item: AdminContentItem | null;
  onCancel: () => void;
  onSaved: (saved: AdminContentItem) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useContentApi();
  const { locale } = useLanguage();
  const [lang, setLang] = useState<Locale>(locale);
  const { control, handleSubmit, formState } = useForm<ContentFormValues, unknown, Output>({
    resolver: contentResolver(item?.id ?? null),
    defaultValues: item ? contentToForm(item) : emptyContentForm(kind),
  });
  const fills = useFills(control, kind);
  const [pageKind, key] = useWatch({ control, name: ['page_kind', 'key'] });
  const submit = handleSubmit((body) =>
    saveWithToast(
      () => ('id' in body ? api.update(body) : api.create(body)),
      item ? t('shared.saved') : t('content.createdToast'),
      onSaved,
    ),
  );

  const text = (name: 'key' | 'url' | 'sort_order', label: string, hint?: string, numeric = false) => (
    <TextField
      control={control}
      name={name}
      id={`content-${name}`}
      label={label}
      hint={hint}
      inputMode={numeric ? 'numeric' : undefined}
      maxLength={name === 'url' ? 1000 : 64}
    />
  );
  const image = (label: string, hint?: string) => (
    <FieldRow control={control} name="cover" label={label} hint={hint}>
      {(field) => <ImageField value={field.value} onChange={field.onChange} label={label} wide={kind === 'banner'} />}
    </FieldRow>
  );
  const localized = (
    name: LocalizedName,
    label: string,
    o: { hint?: string; rows?: number; maxLength: number; extra?: boolean },
  ) => (
    <LocalizedTextField
      control={control}
      name={name}
      id={`content-${name}-${lang}`}
      lang={lang}
      label={label}
      hint={o.hint}
      autoSize={o.rows ? { minRows: o.rows, maxRows: o.rows * 3 } : undefined}
      maxLength={o.maxLength}
      extra={o.extra ? (text, set) => <BodyTools text={text} set={set} /> : undefined}
    />
  );

  const isWebOrVideo = kind === 'page' && (pageKind === 'web' || pageKind === 'video');
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} data-testid="content-form">
      <h2 className={styles.formTitle}>{item ? t(`content.edit.${kind}`) : t(`content.add.${kind}`)}</h2>
      <div className={styles.formBody}>
        {kind === 'page' ? (
          <div className={styles.formPair}>
            {text('key', t('content.key'), t('content.keyHint', { path: pageLink(pageKind, key || 'key') }))}
            <SelectField
              control={control}
              name="page_kind"
              id="content-page_kind"
              label={t('content.pageKind')}
              options={PAGE_KINDS.map((k) => ({ value: k, label: t(`content.pageKinds.${k}`) }))}
            />
          </div>
        ) : null}

        <div className={own.langBlock}>
          <LangTabs lang={lang} onLang={setLang} fills={fills} idPrefix="content" />
          <p className={styles.formHint}>{t('content.languagesHint')}</p>
          <div role="tabpanel" aria-labelledby={`content-tab-${lang}`} className={own.langPanel}>
            {kind === 'qa' ? (
              <>
                {localized('title', t('content.question'), { rows: 2, maxLength: 300 })}
                {localized('body', t('content.answer'), { hint: t('content.answerHint'), rows: 5, maxLength: 5000 })}
              </>
            ) : (
              localized('title', t('content.titleCol'), { maxLength: kind === 'banner' ? 100 : 200 })
            )}
            {kind === 'article'
              ? localized('summary', t('content.summary'), { hint: t('content.summaryHint'), rows: 2, maxLength: 300 })
              : null}
            {kind === 'article' || kind === 'page'
              ? localized('body', t('content.body'), {
                  hint: t('content.bodyHint'),
                  rows: 8,
                  maxLength: 20000,
                  extra: true,
                })
              : null}
          </div>
        </div>

        {isWebOrVideo
          ? text('url', t('content.url'), t(`content.urlHints.${pageKind === 'web' ? 'web' : 'video'}`))
          : null}
        {kind === 'banner' ? text('url', t('content.link'), t('content.urlHints.banner')) : null}
        {kind === 'article' ? image(t('content.cover')) : null}
        {kind === 'page' ? image(pageKind === 'video' ? t('content.poster') : t('content.cover')) : null}
        {kind === 'banner' ? image(t('content.bannerImage'), t('content.bannerImageHint')) : null}
        {kind === 'article' ? (
          <CheckboxField control={control} name="highlight" label={t('content.highlight')} />
        ) : null}
        <div className={styles.formPair}>
          <CheckboxField
            control={control}
            name="published"
            label={t('content.published')}
            hint={t('content.publishedHint')}
          />
          {kind !== 'page' ? text('sort_order', t('content.sort'), t('content.sortHint'), true) : null}
        </div>
      </div>
      <FormFooter onCancel={onCancel} submitting={formState.isSubmitting} />
    </form>
  );
}
