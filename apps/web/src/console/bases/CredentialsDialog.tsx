import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceCredentials } from '@petheart/contracts';
import { CopyValue } from '../shared/ui';
import { StationSetup } from './StationSetup';
import { reachable } from './station-setup';
import styles from '../shared/admin.module.css';

/** Where a feeder connects (as the server reports it): the broker, its camera's RTMP address, the agent command. */
export function connectionHints(credentials: DeviceCredentials, pageHost: string) {
  const { device, secret } = credentials;
  const broker = reachable(credentials.broker_url, pageHost);
  const rtmp = credentials.rtmp_url === null ? null : reachable(credentials.rtmp_url, pageHost);
  const rtmpArg = rtmp === null ? '' : ` --rtmp '${rtmp}'`;
  return {
    broker,
    rtmp,
    command: `npm run feeder -- --device ${device.device_id} --secret ${secret} --broker ${broker}${rtmpArg}`,
  };
}

/**
 * The device ID and its secret, shown once after provisioning or rotating (only a hash is kept), with copy
 * buttons, the warning, what the feeder agent needs to connect, and the new station's file and install line.
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
  const hints = credentials ? connectionHints(credentials, window.location.hostname) : null;
  const title = kind === 'provisioned' ? t('credentials.provisioned') : t('credentials.rotated', { id });
  return (
    <Dialog
      visible={credentials !== null}
      title={title}
      aria-label={title}
      content={
        credentials ? (
          <div className={styles.credentials}>
            <div className={styles.warning} role="alert">
              {t('credentials.warning')}
            </div>
            <CopyValue label={t('credentials.deviceId')} value={id} />
            <CopyValue label={t('credentials.secret')} value={secret} secret />
            {hints && (
              <>
                <CopyValue label={t('credentials.broker')} value={hints.broker} hint={t('credentials.brokerHint')} />
                {hints.rtmp !== null && (
                  <CopyValue label={t('credentials.rtmp')} value={hints.rtmp} hint={t('credentials.rtmpHint')} />
                )}
                <CopyValue label={t('credentials.command')} value={hints.command} hint={t('credentials.commandHint')} />
              </>
            )}
            <StationSetup credentials={credentials} />
          </div>
        ) : null
      }
      actions={[{ key: 'done', text: t('credentials.done'), bold: true }]}
      onAction={onClose}
      bodyClassName={styles.credentialsDialog}
    />
  );
}
