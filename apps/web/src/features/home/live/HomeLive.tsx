import { useTranslation } from 'react-i18next';
import { Section } from '../Section';
import { NearYouSection } from './NearYouSection';
import { RoomGrid } from './RoomLists';

/** The home tab's live sections: "Live Near You" and the whole "Top Live Streams" list. */
export default function HomeLive() {
  const { t } = useTranslation('home');
  return (
    <>
      <NearYouSection />
      <Section title={t('topLive')}>
        <RoomGrid query={{ tab: 'top' }} emptyText={t('topLiveEmpty')} />
      </Section>
    </>
  );
}
