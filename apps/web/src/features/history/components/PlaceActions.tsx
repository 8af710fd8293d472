import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigator } from '../../../shared/navigation';
import styles from '../history.module.css';

/** Under a receipt or a proof: "Visit the base", and the feeder's live room (`liveLabel`: feed again, watch live). */
export function PlaceActions({ baseId, deviceId, liveLabel }: { baseId: number; deviceId: string; liveLabel: string }) {
  const { t } = useTranslation('history');
  const { navigateTo } = useNavigator();
  return (
    <div className={styles.receiptActions}>
      <Button
        block
        shape="rounded"
        onClick={() => {
          navigateTo(`/pages/baseDetail/baseDetail?id=${String(baseId)}`);
        }}
      >
        {t('visitBase')}
      </Button>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => {
          navigateTo(`/pages/live/live?device_id=${encodeURIComponent(deviceId)}`);
        }}
      >
        {liveLabel}
      </Button>
    </div>
  );
}
