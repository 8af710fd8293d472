import { useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { uploadEndpoints, type Locale } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useSession } from '../../shared/session';
import { LANGS, type LangFill } from './content-forms';
import styles from './console-content.module.css';

/** The four language tabs of a localized form: each shows whether that language is written. */
export function LangTabs({
  lang,
  onLang,
  fills,
  idPrefix,
}: {
  lang: Locale;
  onLang: (lang: Locale) => void;
  fills: Record<Locale, LangFill>;
  idPrefix: string;
}) {
  const { t } = useTranslation('admin');
  const state = { filled: 'langFilled', partial: 'langPartial', empty: 'langEmpty' } as const;
  return (
    <div className={styles.langTabs} role="tablist" aria-label={t('content.languages')}>
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${l}`}
          aria-selected={lang === l}
          className={lang === l ? `${styles.langTab ?? ''} ${styles.langTabActive ?? ''}` : styles.langTab}
          title={t(`content.${state[fills[l]]}`, { lang: t(`langs.${l}`) })}
          onClick={() => {
            onLang(l);
          }}
        >
          <span className={`${styles.fill ?? ''} ${styles[fills[l]] ?? ''}`} aria-hidden="true" />
          {t(`langs.${l}`)}
          <span className="ph-visually-hidden"> ({t(`content.${state[fills[l]]}`, { lang: t(`langs.${l}`) })})</span>
        </button>
      ))}
    </div>
  );
}

/**
 * Uploads one image through api.upload (uploadEndpoints.upload); resolves with its address (null when it failed,
 * already shown).
 */
function useUpload() {
  const api = useApi();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File): Promise<string | null> => {
    setUploading(true);
    try {
      return (await api.upload(uploadEndpoints.upload, file)).url;
    } catch {
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}

/** A hidden file input and the button that opens it. */
function UploadButton({
  label,
  onFile,
  loading,
  disabled = false,
  accept = 'image/*',
}: {
  label: string;
  onFile: (file: File) => void;
  loading: boolean;
  disabled?: boolean;
  accept?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" loading={loading} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) onFile(f);
        }}
      />
    </>
  );
}

/** One uploaded image (a cover, a banner): its preview, upload / replace and remove. */
export function ImageField({
  value,
  onChange,
  label,
  wide = false,
}: {
  value: string;
  onChange: (url: string) => void;
  label: string;
  wide?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { config } = useSession();
  const { upload, uploading } = useUpload();
  return (
    <div className={styles.imageField}>
      {value ? (
        <img
          className={wide ? `${styles.preview ?? ''} ${styles.previewWide ?? ''}` : styles.preview}
          src={imageUrl(value, config?.asset_host ?? '', DEFAULT_COVER)}
          alt={label}
        />
      ) : (
        <span className={wide ? `${styles.preview ?? ''} ${styles.previewWide ?? ''}` : styles.preview}>
          {t('content.noImage')}
        </span>
      )}
      <span className={styles.imageActions}>
        <UploadButton
          label={value ? t('content.replace') : t('content.upload')}
          loading={uploading}
          onFile={(f) => {
            void upload(f).then((url) => {
              if (url) onChange(url);
            });
          }}
        />
        {value ? (
          <Button
            size="small"
            fill="outline"
            color="danger"
            onClick={() => {
              onChange('');
            }}
          >
            {t('content.remove')}
          </Button>
        ) : null}
      </span>
    </div>
  );
}

/** Several uploaded photos in order (the first is the main one), up to `max`. */
export function PhotoList({
  value,
  onChange,
  max,
  label,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  max: number;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const { config } = useSession();
  const { upload, uploading } = useUpload();
  return (
    <div className={styles.photoList}>
      {value.map((url, i) => (
        <span key={`${url}#${String(i)}`} className={styles.photoItem}>
          <img src={imageUrl(url, config?.asset_host ?? '', DEFAULT_COVER)} alt={`${label} ${String(i + 1)}`} />
          <button
            type="button"
            className={styles.photoRemove}
            aria-label={`${t('content.remove')}: ${label} ${String(i + 1)}`}
            onClick={() => {
              onChange(value.filter((_, j) => j !== i));
            }}
          >
            ×
          </button>
        </span>
      ))}
      {value.length < max ? (
        <span className={styles.photoAdd}>
          <UploadButton
            label={t('content.upload')}
            loading={uploading}
            onFile={(f) => {
              void upload(f).then((url) => {
                if (url) onChange([...value, url]);
              });
            }}
          />
        </span>
      ) : null}
    </div>
  );
}

/** Uploads an image and hands its address to `onUploaded` (the body editor inserts it as ![](address)). */
export function InsertImageButton({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation('admin');
  const { upload, uploading } = useUpload();
  return (
    <UploadButton
      label={t('content.insertImage')}
      loading={uploading}
      onFile={(f) => {
        void upload(f).then((url) => {
          if (url) onUploaded(url);
        });
      }}
    />
  );
}

/** A row's published flag as a small coloured label. */
export function PublishedTag({ published, on, off }: { published: boolean; on: string; off: string }) {
  return <span className={published ? styles.tagOn : styles.tagOff}>{published ? on : off}</span>;
}

/** Small square previews of a row's images, and "+n" past `max`. */
export function Thumbs({ urls, max = 3 }: { urls: string[]; max?: number }) {
  const { config } = useSession();
  if (urls.length === 0) return null;
  return (
    <span className={styles.thumbs}>
      {urls.slice(0, max).map((u, i) => (
        <img key={`${u}#${String(i)}`} src={imageUrl(u, config?.asset_host ?? '', DEFAULT_COVER)} alt="" />
      ))}
      {urls.length > max ? <span className={styles.more}>+{urls.length - max}</span> : null}
    </span>
  );
}
