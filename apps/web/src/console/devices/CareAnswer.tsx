import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceCareEntry } from '@petheart/contracts';
import { STATUS_COLORS, useCareText } from './care-text';
import own from './device-care.module.css';

/**
 * A care command's answer: what was asked and its outcome in words, then what the station told (its message,
 * the scale's calibration, its versions and configuration, the lines of its log in a scrollable block).
 */
export function CareAnswer({ entry }: { entry: DeviceCareEntry }) {
  const { t } = useTranslation('admin');
  const text = useCareText();
  const d = entry.detail;
  return (
    <div className={own.answer} data-testid="care-answer">
      <div className={own.answerHead}>
        <strong>{text.what(entry)}</strong>
        <Tag color={STATUS_COLORS[entry.status]} fill="outline">
          {text.outcome(entry)}
        </Tag>
      </div>
      {d?.message ? <p className={own.said}>{t('care.said', { message: d.message })}</p> : null}
      {d?.calibration ? (
        <p>
          {t('care.calibration', {
            zero: d.calibration.zero,
            perGram: d.calibration.counts_per_gram,
          })}
        </p>
      ) : null}
      {d?.versions ? (
        <p>
          {d.versions.ffmpeg
            ? t('care.versionsFfmpeg', { agent: d.versions.agent, node: d.versions.node, ffmpeg: d.versions.ffmpeg })
            : t('care.versions', { agent: d.versions.agent, node: d.versions.node })}
        </p>
      ) : null}
      {d?.config_version !== undefined ? <p>{t('care.runsConfig', { version: d.config_version })}</p> : null}
      {d?.log ? (
        d.log.length ? (
          // Scrolls on its own (keyboard too): a long log stays inside the panel.
          <pre className={own.log} tabIndex={0} aria-label={t('care.logLines', { count: d.log.length })}>
            {d.log.join('\n')}
          </pre>
        ) : (
          <p>{t('care.logEmpty')}</p>
        )
      ) : null}
    </div>
  );
}
