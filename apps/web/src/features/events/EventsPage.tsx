import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, PullToRefresh } from '../../shared/ui';
import styles from './events.module.css';

/** Events tab (spec §2): the support list with pull-down refresh; support requests arrive in a later issue. */
export default function EventsPage() {
  const { t } = useTranslation('events');
  const { config, refreshConfig } = useSession();
  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <PullToRefresh onRefresh={refreshConfig}>
        <div className={styles.page}>
          <section className={styles.intro}>
            <p>{t('intro')}</p>
            {config && config.support_types.length > 0 && (
              <div className={styles.types} aria-label={t('types')}>
                {config.support_types.map((type) => (
                  <span key={type.id} className={styles.chip}>
                    {type.name}
                  </span>
                ))}
              </div>
            )}
          </section>
          <EmptyState text={t('empty')} />
        </div>
      </PullToRefresh>
    </>
  );
}
