import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportEventSummary } from '@petheart/contracts';
import { imageUrl } from '../../../shared/format';
import { useMessage } from '../../../shared/i18n';
import { LangTag, textLang } from '../../../shared/ui';
import { eventPath } from '../paths';
import { Progress } from './Progress';
import styles from '../events.module.css';

/** One support event in the list: cover, status, title, the station, progress and supporters. */
export function EventCard({ event, assetHost }: { event: SupportEventSummary; assetHost: string }) {
  const { t } = useTranslation('events');
  const message = useMessage();
  return (
    <article className={styles.card} data-testid="event-card">
      <Link className={styles.cardLink} to={eventPath(event.id)}>
        <div className={styles.cover}>
          <img src={imageUrl(event.cover, assetHost)} alt="" loading="lazy" />
          <span className={event.status === 'live' ? styles.statusLive : styles.statusClosed}>
            {message(`support.event.${event.status}`)}
          </span>
        </div>
        <div className={styles.cardBody}>
          <h2 className={styles.cardTitle}>
            <span {...textLang(event.text_lang)}>{event.title}</span>
            <LangTag lang={event.text_lang} />
          </h2>
          <p className={styles.station}>
            {event.station.name} · {t('animals', { count: event.station.animal_nums, n: event.station.animal_nums })}
          </p>
          <Progress completed={event.completed} target={event.target} label={event.title} />
          <p className={styles.meta}>
            <span>{t('supporters', { count: event.supporters, n: event.supporters })}</span>
            <span>{t('items', { count: event.item_count, n: event.item_count })}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
