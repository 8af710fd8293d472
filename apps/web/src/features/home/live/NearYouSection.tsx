import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { Section } from '../Section';
import { RoomStrip } from './RoomLists';
import styles from '../sections.module.css';

/** "Live Near You": the nearest rooms first, from the session's location (Shanghai until the device's is known). */
export function NearYouSection() {
  const { t } = useTranslation('home');
  const { location } = useSession();
  const place = location.area || location.city;
  return (
    <Section
      title={t('liveNearYou')}
      extra={
        <span className={styles.sectionExtra}>{place ? t('nearLocation', { place }) : t('nearYourLocation')}</span>
      }
    >
      <RoomStrip
        query={{ tab: 'near', latitude: location.latitude, longitude: location.longitude }}
        emptyText={t('liveNearEmpty')}
      />
    </Section>
  );
}
