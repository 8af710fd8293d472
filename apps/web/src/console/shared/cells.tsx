import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';
import own from './console-content.module.css';

/** A table cell's text cut to one line, whole in its tooltip (`title`: by default the text itself; null: none). */
export function Ellipsis({ text, title = text }: { text: string; title?: string | null }) {
  return (
    <span className={styles.ellipsis} title={title ?? undefined}>
      {text}
    </span>
  );
}

/** A device in a table cell: its name over its base's, both in the tooltip. */
export function DeviceCell({ name, base }: { name: string; base: string }) {
  return (
    <span className={own.deviceCell} title={`${name} · ${base}`}>
      <span>{name}</span>
      <span>{base}</span>
    </span>
  );
}

/** A device part's state (feeder, camera, the station as a whole): online or offline, as a tag. */
export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={online ? 'success' : 'default'} fill="outline">
      {online ? t('devices.online') : t('devices.offline')}
    </Tag>
  );
}
