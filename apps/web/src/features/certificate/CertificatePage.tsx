import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { feedStatsEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { shareLink, useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, alertDialog } from '../../shared/ui';
import { CertificateCard } from './CertificateCard';
import { certificateShareMode, isShareAbort, publicCertificatePath } from './share';
import { certificateText } from './text';
import { CERTIFICATE_FILE, useCertificateImage } from './useCertificateImage';
import styles from './certificate.module.css';

/**
 * /pages/certificate/certificate (login required): days since joining, animals helped and grams provided
 * (from the user's acknowledged feeds), as a certificate card; saved as a PNG (drawn on a canvas, a download
 * link) and shared with its public link (issue 29 §4: /pages/public/certificate?id=…, which anyone may open, in
 * the sharer's language): the image with it through the Web Share API where files can be shared, else the link
 * through the system share sheet, else the spec's share (the link copied).
 */
export default function CertificatePage() {
  const { t } = useTranslation('certificate');
  const { locale } = useLanguage();
  const { user } = useSession();
  const { navigateTo } = useNavigator();
  const api = useApi();
  const [issuedAt] = useState(() => new Date());
  const query = useQuery({
    queryKey: ['feed', 'certificate', user?.id ?? 0],
    queryFn: () => api.call(feedStatsEndpoints.certificate),
  });
  const data = query.data;
  const text = useMemo(
    () => (data ? certificateText(data, { t, locale, userId: user?.id ?? null, issuedAt }) : null),
    [data, t, locale, user?.id, issuedAt],
  );
  const image = useCertificateImage(text);
  // The certificate's public link: its opaque id, the same every time.
  const link = useQuery({
    queryKey: ['feed', 'certificate', 'link', user?.id ?? 0],
    queryFn: () => api.call(feedStatsEndpoints.certificateLink, undefined, { silent: true }),
    staleTime: Infinity,
  });

  const share = useCallback(async () => {
    if (!data) return;
    const file = image.state === 'ready' ? image.file : null;
    const id = link.data?.id ?? (await link.refetch()).data?.id;
    const url = shareLink(id ? publicCertificatePath(id) : '/', window.location.origin, locale);
    const shareText = t('shareText', { weight: formatWeight(data.grams, locale) });
    const canCopy = window.isSecureContext && 'clipboard' in navigator;
    const mode = certificateShareMode(navigator, file, canCopy);
    if (mode === 'messenger') {
      await alertDialog(t('share'), t('messengerHint'));
      return;
    }
    if (mode === 'files' || mode === 'sheet') {
      try {
        await navigator.share({
          ...(mode === 'files' && file ? { files: [file] } : {}),
          title: t('title'),
          text: shareText,
          url,
        });
        return;
      } catch (error) {
        if (isShareAbort(error)) return;
        // Refused (no user gesture, a policy…): the link instead.
      }
    }
    if (canCopy) {
      try {
        await navigator.clipboard.writeText(`${shareText} ${url}`);
        await alertDialog(t('copied'), url);
        return;
      } catch {
        // Permission refused: show the link instead.
      }
    }
    await alertDialog(t('copyManually'), url);
  }, [data, image, link, t, locale]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('pageTitle')} />
      <div className={styles.content}>
        {text && data ? (
          <>
            <CertificateCard text={text} />
            <div className={styles.actions}>
              {image.state === 'ready' ? (
                <a className={styles.save} href={image.url} download={CERTIFICATE_FILE} data-testid="certificate-save">
                  {t('save')}
                </a>
              ) : (
                <Button block shape="rounded" disabled>
                  {image.state === 'drawing' ? t('preparing') : t('noImage')}
                </Button>
              )}
              <Button block color="primary" shape="rounded" onClick={() => void share()}>
                {t('share')}
              </Button>
            </div>
            {data.grams === 0 && (
              <button
                type="button"
                className={`ph-link-button ${styles.goFeed}`}
                onClick={() => {
                  navigateTo('/pages/index/index');
                }}
              >
                {t('goFeed')}
              </button>
            )}
            <button
              type="button"
              className={`ph-link-button ${styles.goFeed}`}
              onClick={() => {
                navigateTo('/pages/mine/impact');
              }}
            >
              {t('impact')}
            </button>
          </>
        ) : query.isError ? (
          <EmptyState
            text={t('loadFailed')}
            action={
              <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
                {t('common:retry')}
              </button>
            }
          />
        ) : (
          <div className="ph-list-footer">
            <DotLoading /> {t('common:loading')}
          </div>
        )}
      </div>
    </div>
  );
}
