import { useEffect, useState } from 'react';
import { List, Switch } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_NOTIFICATION_KINDS,
  notificationEndpoints,
  type NotificationKind,
  type NotificationSettings as Settings,
  type NotificationSettingsData,
} from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage, useMessage } from '../../shared/i18n';
import { pushState, subscribePush, unsubscribePush, type PushState, type SubscribeResult } from '../../shared/push';
import { toast } from '../../shared/ui';
import styles from './notifications.module.css';

const SETTINGS_KEY = ['notification', 'settings'] as const;
const STATION_KINDS: readonly NotificationKind[] = OPERATOR_NOTIFICATION_KINDS;
/** Quiet hours when first turned on: 22:00 to 07:00. */
const QUIET_DEFAULT = { start: 22 * 60, end: 7 * 60 };

/** Minutes of the day as HH:MM (what <input type="time"> shows), and back. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export function minutesOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 1440 ? minutes : null;
}

/** The browser's IANA time zone (quiet hours are kept in it), UTC when it has none. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A time of day: the browser's own time picker. What is chosen is saved when the field is left (typing a time
 * changes it digit by digit); the saved time shows again when the value is cleared or another save comes back.
 */
function TimeField(props: { label: string; minutes: number; disabled: boolean; onCommit: (minutes: number) => void }) {
  const { label, minutes, disabled, onCommit } = props;
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className={styles.time}>
      <span>{label}</span>
      <input
        type="time"
        required
        value={draft ?? hhmm(minutes)}
        disabled={disabled}
        onChange={(e) => {
          setDraft(e.target.value);
        }}
        onBlur={() => {
          const chosen = draft === null ? null : minutesOf(draft);
          setDraft(null);
          if (chosen !== null && chosen !== minutes) onCommit(chosen);
        }}
      />
    </label>
  );
}

/** What the browser said when push could not be turned on, shown under the switch. */
type Notice = 'denied' | 'unsupported' | 'failed' | null;

/**
 * Settings → Notifications (issue 29 §2): push on this device (asks the browser's permission), which kinds are
 * pushed, quiet hours, and, for base operators, station alerts by e-mail. Every change is saved at once.
 */
export function NotificationSettings() {
  const { t } = useTranslation('me');
  const message = useMessage();
  const api = useApi();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.call(notificationEndpoints.settings, undefined, { silent: true }),
    retry: false,
  });
  const [push, setPush] = useState<PushState | 'checking'>('checking');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then((state) => {
      if (!live) return;
      setPush(state);
      if (state === 'denied' || state === 'unsupported') setNotice(state);
    });
    return () => {
      live = false;
    };
  }, []);

  const data = settings.data;
  if (!data) return null;
  const available = data.available_kinds;
  const pushKinds = available.filter((k) => data.push_kinds.includes(k));
  const emailKinds = STATION_KINDS.filter((k) => data.email_kinds.includes(k));
  const operator = STATION_KINDS.some((k) => available.includes(k));
  const quietOn = data.quiet_start !== null && data.quiet_end !== null;

  const save = async (change: Partial<Settings>): Promise<void> => {
    const body: Settings = {
      push_kinds: pushKinds,
      email_kinds: emailKinds,
      quiet_start: data.quiet_start,
      quiet_end: data.quiet_end,
      ...change,
      time_zone: browserTimeZone(),
      lang: locale,
    };
    setBusy(true);
    try {
      const saved = await api.call(notificationEndpoints.saveSettings, body, { task: 'notification-settings' });
      queryClient.setQueryData<NotificationSettingsData>(SETTINGS_KEY, saved);
      toast(message('ok.saved'));
    } catch {
      // The client has said why; the switches stay as they were.
    } finally {
      setBusy(false);
    }
  };

  const turnPush = async (on: boolean) => {
    setBusy(true);
    setNotice(null);
    let result: SubscribeResult | 'off' = 'off';
    try {
      if (on) result = await subscribePush(api, locale);
      else await unsubscribePush(api);
    } finally {
      setBusy(false);
    }
    if (result === 'on' || result === 'off' || result === 'denied' || result === 'unsupported') setPush(result);
    if (result === 'denied' || result === 'unsupported' || result === 'failed') setNotice(result);
    // Turned on with nothing chosen yet: every kind this user can receive.
    if (result === 'on' && pushKinds.length === 0) await save({ push_kinds: available });
  };

  const toggleKind = (kind: NotificationKind, on: boolean) =>
    save({ push_kinds: on ? [...pushKinds, kind] : pushKinds.filter((k) => k !== kind) });
  const setQuiet = (start: number | null, end: number | null) => save({ quiet_start: start, quiet_end: end });
  const pushOn = push === 'on';

  return (
    <section aria-labelledby="settings-notifications" data-testid="notification-settings">
      <h2 id="settings-notifications" className={styles.heading}>
        {t('notifications.title')}
      </h2>
      <List className={styles.list}>
        <List.Item
          description={
            notice ? <span role="status">{t(`notifications.notice.${notice}`)}</span> : t('notifications.pushHint')
          }
          extra={
            <Switch
              aria-label={t('notifications.push')}
              checked={pushOn}
              disabled={busy || push === 'checking' || push === 'unsupported' || push === 'denied'}
              onChange={(on) => void turnPush(on)}
            />
          }
        >
          {t('notifications.push')}
        </List.Item>
      </List>
      {pushOn ? (
        <List header={t('notifications.kindsHeader')} className={styles.list}>
          {available.map((kind) => (
            <List.Item
              key={kind}
              extra={
                <Switch
                  aria-label={t(`notifications.kinds.${kind}`)}
                  checked={pushKinds.includes(kind)}
                  disabled={busy}
                  onChange={(on) => void toggleKind(kind, on)}
                />
              }
            >
              {t(`notifications.kinds.${kind}`)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {pushOn ? (
        <List header={t('notifications.quietHeader')} className={styles.list}>
          <List.Item
            description={t('notifications.quietHint')}
            extra={
              <Switch
                aria-label={t('notifications.quiet')}
                checked={quietOn}
                disabled={busy}
                onChange={(on) => void (on ? setQuiet(QUIET_DEFAULT.start, QUIET_DEFAULT.end) : setQuiet(null, null))}
              />
            }
          >
            {t('notifications.quiet')}
          </List.Item>
          {quietOn ? (
            <List.Item>
              <div className={styles.times}>
                <TimeField
                  label={t('notifications.quietFrom')}
                  minutes={data.quiet_start ?? QUIET_DEFAULT.start}
                  disabled={busy}
                  onCommit={(start) => void setQuiet(start, data.quiet_end)}
                />
                <TimeField
                  label={t('notifications.quietTo')}
                  minutes={data.quiet_end ?? QUIET_DEFAULT.end}
                  disabled={busy}
                  onCommit={(end) => void setQuiet(data.quiet_start, end)}
                />
              </div>
            </List.Item>
          ) : null}
        </List>
      ) : null}
      {operator ? (
        <List header={t('notifications.emailHeader')} className={styles.list}>
          <List.Item
            description={data.has_email ? t('notifications.emailHint') : t('notifications.emailMissing')}
            extra={
              <Switch
                aria-label={t('notifications.email')}
                checked={emailKinds.length > 0}
                disabled={busy || !data.has_email}
                onChange={(on) =>
                  void save({ email_kinds: on ? STATION_KINDS.filter((k) => available.includes(k)) : [] })
                }
              />
            }
          >
            {t('notifications.email')}
          </List.Item>
        </List>
      ) : null}
    </section>
  );
}
