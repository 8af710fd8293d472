import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CertificateLinkIdSchema, feedStatsEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader } from '../../shared/ui';
import { CertificateCard } from './CertificateCard';
import { certificateText } from './text';
import styles from './certificate.module.css';

/** A shared certificate: the card as its owner sees it (no number: it would name the account). */
function SharedCertificate({ id }: { id: string }) {
  const { t } = useTranslation('certificate');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const api = useApi();
  const [issuedAt] = useState(() => new Date());
  const query = useQuery({
    queryKey: ['feed', 'certificate', 'public', id],
    queryFn: () => api.call(feedStatsEndpoints.publicCertificate, { id }, { silent: true }),
    retry: false,
  });
  const data = query.data;
  const text = useMemo(
    () => (data ? certificateText(data, { t, locale, userId: null, issuedAt }) : null),
    [data, t, locale, issuedAt],
  );
  if (query.isError) return <EmptyState text={t('publicNotFound')} />;
  if (!text)
    return (
      <div className="ph-list-footer">
        <DotLoading /> {t('common:loading')}
      </div>
    );
  return (
    <>
      <CertificateCard text={text} />
      <p className={styles.publicNote}>{t('publicNote')}</p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => {
          navigateTo('/pages/index/index');
        }}
      >
        {t('goFeed')}
      </Button>
    </>
  );
}

/**
 * /pages/public/certificate?id=… (anyone, signed out too): a certificate its owner shared (issue 29 §4), by the
 * link's opaque id: the nickname and the three figures, nothing else.
 */
export default function PublicCertificatePage() {
  const { t } = useTranslation('certificate');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = CertificateLinkIdSchema.safeParse(id).success;
  return (
    <div className={styles.page}>
      <PageHeader title={t('pageTitle')} />
      <div className={styles.content} data-testid="public-certificate">
        {valid ? <SharedCertificate key={id} id={id} /> : <EmptyState text={t('publicNotFound')} />}
      </div>
    </div>
  );
}
