import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceCredentials } from '@petheart/contracts';
import { CopyValue } from './ui';
import styles from './admin.module.css';

/** Ports of the embedded broker and media server (apps/api defaults). */
const MQTT_PORT = 1883;
const RTMP_PORT = 1935;

/** Where a feeder connects: the broker and its camera's RTMP publish address (the secret is the stream key). */
export function connectionHints(host: string, deviceId: string, secret: string) {
  const broker = `mqtt://${host}:${String(MQTT_PORT)}`;
  const rtmp = `rtmp://${host}:${String(RTMP_PORT)}/live/${encodeURIComponent(deviceId)}?key=${encodeURIComponent(secret)}`;
  return {
    broker,
    rtmp,
    command: `npm run feeder -- --device ${deviceId} --secret ${secret} --broker ${broker} --rtmp '${rtmp}'`,
  };
}

/**
 * The device ID and its secret, shown once after provisioning or rotating (only a hash is kept), with copy
 * buttons, the warning, and what the feeder agent needs to connect.
 */
export function CredentialsDialog({
  credentials,
  kind,
  onClose,
}: {
  credentials: DeviceCredentials | null;
  kind: 'provisioned' | 'rotated';
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = credentials?.device.device_id ?? '';
  const secret = credentials?.secret ?? '';
  const hints = connectionHints(window.location.hostname || 'localhost', id, secret);
  return (
    <Dialog
      visible={credentials !== null}
      title={kind === 'provisioned' ? t('credentials.provisioned') : t('credentials.rotated', { id })}
      content={
        credentials ? (
          <div className={styles.credentials}>
            <div className={styles.warning} role="alert">
              {t('credentials.warning')}
            </div>
            <CopyValue label={t('credentials.deviceId')} value={id} />
            <CopyValue label={t('credentials.secret')} value={secret} secret />
            <CopyValue label={t('credentials.broker')} value={hints.broker} hint={t('credentials.brokerHint')} />
            <CopyValue label={t('credentials.rtmp')} value={hints.rtmp} hint={t('credentials.rtmpHint')} />
            <CopyValue label={t('credentials.command')} value={hints.command} />
          </div>
        ) : null
      }
      actions={[{ key: 'done', text: t('credentials.done'), bold: true }]}
      onAction={onClose}
      bodyClassName={styles.credentialsDialog}
    />
  );
}
