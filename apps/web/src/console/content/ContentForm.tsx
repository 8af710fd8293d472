import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Button, Checkbox, Input, TextArea, Toast } from 'antd-mobile';
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
  type LocalizedText,
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
import { firstMessage } from '../shared/forms';
import { FormRow } from '../shared/ui';
import { useContentApi } from './api';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';

type LocalizedName = 'title' | 'summary' | 'body';
type Output = AdminContentCreateBody | AdminContentUpdateBody;
type FormControl = Control<ContentFormValues, unknown, Output>;

/** A text in the four languages, edited one language at a time (the form's tabs choose which). */
function LocalizedInput({
  control,
  name,
  lang,
  label,
  hint,
  rows,
  maxLength,
  extra,
}: {
  control: FormControl;
  name: LocalizedName;
  lang: Locale;
  label: string;
  hint?: string;
  /** A text area with this many rows (else a one-line input). */
  rows?: number;
  maxLength: number;
  extra?: (value: LocalizedText, set: (next: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const id = `content-${name}-${lang}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value;
        const set = (next: string) => {
          field.onChange({ ...value, [lang]: next });
        };
        return (
          <FormRow
            label={`${label} · ${t(`langs.${lang}`)}`}
            htmlFor={id}
            error={firstMessage(fieldState.error)}
            hint={hint}
          >
            {rows ? (
              <TextArea
                id={id}
                className={styles.input}
                value={value[lang]}
                onChange={set}
                onBlur={field.onBlur}
                autoSize={{ minRows: rows, maxRows: rows * 3 }}
                maxLength={maxLength}
                showCount
              />
            ) : (
              <Input
                id={id}
                className={styles.input}
                value={value[lang]}
                onChange={set}
                onBlur={field.onBlur}
                maxLength={maxLength}
              />
            )}
            {extra?.(value, set)}
          </FormRow>
        );
      }}
    />
  );
}

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
  const submit = handleSubmit(async (body) => {
    let saved: AdminContentItem;
    try {
      saved = 'id' in body ? await api.update(body) : await api.create(body);
    } catch {
      return;
    }
    Toast.show({ content: item ? t('shared.saved') : t('content.createdToast'), icon: 'success' });
    onSaved(saved);
  });

  const text = (name: 'key' | 'url' | 'sort_order', label: string, hint?: string, numeric = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormRow label={label} htmlFor={`content-${name}`} error={fieldState.error?.message} hint={hint}>
          <Input
            ref={field.ref}
            id={`content-${name}`}
            className={styles.input}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputMode={numeric ? 'numeric' : undefined}
            maxLength={name === 'url' ? 1000 : 64}
          />
        </FormRow>
      )}
    />
  );
  const check = (name: 'published' | 'highlight', label: string, hint?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormRow label={label} hint={hint}>
          <Checkbox className={styles.switchRow} checked={field.value} onChange={field.onChange}>
            {label}
          </Checkbox>
        </FormRow>
      )}
    />
  );
  const image = (label: string, hint?: string) => (
    <Controller
      control={control}
      name="cover"
      render={({ field, fieldState }) => (
        <FormRow label={label} error={fieldState.error?.message} hint={hint}>
          <ImageField value={field.value} onChange={field.onChange} label={label} wide={kind === 'banner'} />
        </FormRow>
      )}
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
            <Controller
              control={control}
              name="page_kind"
              render={({ field }) => (
                <FormRow label={t('content.pageKind')} htmlFor="content-page_kind">
                  <select
                    id="content-page_kind"
                    className={styles.select}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.currentTarget.value);
                    }}
                  >
                    {(['custom', 'onePage', 'web', 'video'] as const).map((k) => (
                      <option key={k} value={k}>
                        {t(`content.pageKinds.${k}`)}
                      </option>
                    ))}
                  </select>
                </FormRow>
              )}
            />
          </div>
        ) : null}

        <div className={own.langBlock}>
          <LangTabs lang={lang} onLang={setLang} fills={fills} idPrefix="content" />
          <p className={styles.formHint}>{t('content.languagesHint')}</p>
          <div role="tabpanel" aria-labelledby={`content-tab-${lang}`} className={own.langPanel}>
            {kind === 'qa' ? (
              <>
                <LocalizedInput
                  control={control}
                  name="title"
                  lang={lang}
                  label={t('content.question')}
                  rows={2}
                  maxLength={300}
                />
                <LocalizedInput
                  control={control}
                  name="body"
                  lang={lang}
                  label={t('content.answer')}
                  hint={t('content.answerHint')}
                  rows={5}
                  maxLength={5000}
                />
              </>
            ) : (
              <LocalizedInput
                control={control}
                name="title"
                lang={lang}
                label={t('content.titleCol')}
                maxLength={kind === 'banner' ? 100 : 200}
              />
            )}
            {kind === 'article' ? (
              <LocalizedInput
                control={control}
                name="summary"
                lang={lang}
                label={t('content.summary')}
                hint={t('content.summaryHint')}
                rows={2}
                maxLength={300}
              />
            ) : null}
            {kind === 'article' || kind === 'page' ? (
              <LocalizedInput
                control={control}
                name="body"
                lang={lang}
                label={t('content.body')}
                hint={t('content.bodyHint')}
                rows={8}
                maxLength={20000}
                extra={(value, set) => <BodyTools text={value[lang]} set={set} />}
              />
            ) : null}
          </div>
        </div>

        {isWebOrVideo
          ? text('url', t('content.url'), t(`content.urlHints.${pageKind === 'web' ? 'web' : 'video'}`))
          : null}
        {kind === 'banner' ? text('url', t('content.link'), t('content.urlHints.banner')) : null}
        {kind === 'article' ? image(t('content.cover')) : null}
        {kind === 'page' ? image(pageKind === 'video' ? t('content.poster') : t('content.cover')) : null}
        {kind === 'banner' ? image(t('content.bannerImage'), t('content.bannerImageHint')) : null}
        {kind === 'article' ? check('highlight', t('content.highlight')) : null}
        <div className={styles.formPair}>
          {check('published', t('content.published'), t('content.publishedHint'))}
          {kind !== 'page' ? text('sort_order', t('content.sort'), t('content.sortHint'), true) : null}
        </div>
      </div>
      <div className={styles.formFooter}>
        <Button onClick={onCancel}>{t('shared.cancel')}</Button>
        <Button color="primary" type="submit" loading={formState.isSubmitting}>
          {t('shared.save')}
        </Button>
      </div>
    </form>
  );
}
