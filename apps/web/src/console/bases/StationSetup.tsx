import { useEffect, useId, useMemo, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { STATION_PRESETS, type DeviceCredentials, type StationPreset } from '@petheart/contracts';
import { CopyValue, FormRow } from '../shared/ui';
import { download, installCommand, stationFile } from './station-setup';
import styles from '../shared/admin.module.css';

/**
 * "Add device" ends here: the hardware the station starts from, its station file to download and as a QR code
 * (a phone carries it to the board), and the one line that installs the agent next to it (docs/stations.md).
 */
export function StationSetup({ credentials }: { credentials: DeviceCredentials }) {
  const { t } = useTranslation('admin');
  const presetId = useId();
  const rtspId = useId();
  const [preset, setPreset] = useState<StationPreset>('sim');
  const [rtsp, setRtsp] = useState('');
  const host = window.location.hostname;
  const file = useMemo(() => stationFile(credentials, preset, host, rtsp), [credentials, preset, host, rtsp]);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Compact JSON: the same file in fewer modules.
    QRCode.toDataURL(JSON.stringify(JSON.parse(file)), { errorCorrectionLevel: 'L', margin: 1, width: 240 }).then(
      (url) => {
        if (live) setQr(url);
      },
      () => {
        if (live) setQr(null);
      },
    );
    return () => {
      live = false;
    };
  }, [file]);
  return (
    <section className={styles.stationSetup} aria-label={t('station.title')}>
      <div className={styles.copyLabel}>{t('station.title')}</div>
      <FormRow label={t('station.preset')} htmlFor={presetId}>
        <select
          id={presetId}
          className={styles.select}
          value={preset}
          onChange={(e) => {
            setPreset(e.currentTarget.value as StationPreset);
          }}
        >
          {STATION_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`station.presets.${p}`)}
            </option>
          ))}
        </select>
      </FormRow>
      {preset === 'stepper-rtsp' && (
        <FormRow label={t('station.rtsp')} htmlFor={rtspId} hint={t('station.rtspHint')}>
          <Input
            id={rtspId}
            value={rtsp}
            onChange={setRtsp}
            placeholder="rtsp://user:password@192.168.1.64:554/stream1"
          />
        </FormRow>
      )}
      <div className={styles.stationFile}>
        {qr && <img className={styles.stationQr} src={qr} alt={t('station.qr')} width={160} height={160} />}
        <Button
          color="primary"
          fill="outline"
          size="small"
          onClick={() => {
            download('station.json', file + '\n');
          }}
        >
          {t('station.download')}
        </Button>
      </div>
      <CopyValue
        label={t('station.install')}
        value={installCommand(credentials, host)}
        hint={t('station.installHint')}
      />
    </section>
  );
}
