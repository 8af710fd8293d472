import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FeedCalendarDay } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useNavigator } from '../../../shared/navigation';
import { useSession } from '../../../shared/session';
import { Section } from '../Section';
import type { FeedingApi } from './api';
import { addMonths, dateKey, monthGrid, monthKey, monthsOf, sameDay, weekOf } from './calendar';
import { FEEDING_KEY } from './keys';
import styles from './feeding.module.css';

type View = 'week' | 'month';

/** Week / Month, as a two-button switch. */
function ViewSwitch({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  const { t } = useTranslation('home');
  return (
    <div className={styles.switch} role="group" aria-label={t('calendar')}>
      {(['week', 'month'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          className={view === v ? `${styles.switchButton} ${styles.switchOn}` : styles.switchButton}
          onClick={() => {
            onChange(v);
          }}
        >
          {t(v === 'week' ? 'calendarWeek' : 'calendarMonth')}
        </button>
      ))}
    </div>
  );
}

/**
 * The feeding calendar (spec §2: weekday labels Mon to Sun): this week, or a month to page through, with the
 * days the user fed marked and their grams. Tourists see the week and a login prompt.
 */
export function FeedingCalendar({ api }: { api: FeedingApi }) {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { token, user } = useSession();
  const { navigateTo } = useNavigator();
  const [view, setView] = useState<View>('week');
  const [shown, setShown] = useState(() => addMonths(new Date(), 0));
  const today = new Date();
  const signedIn = Boolean(token);
  const monthView = signedIn && view === 'month';
  const weeks = monthView ? monthGrid(shown) : [weekOf(today)];
  const months = monthView ? [monthKey(shown)] : monthsOf(weeks[0] ?? []);
  const results = useQueries({
    queries: months.map((month) => ({
      queryKey: [...FEEDING_KEY, 'calendar', user?.id ?? 0, month],
      queryFn: () => api.calendar(month),
      enabled: signedIn,
    })),
  });
  const fed = new Map<string, FeedCalendarDay>();
  for (const r of results) for (const d of r.data?.days ?? []) fed.set(d.date, d);
  const days = weeks.flat().filter((d) => !monthView || d.getMonth() === shown.getMonth());
  const fedDays = days.map((d) => fed.get(dateKey(d))).filter((d) => d !== undefined);
  const grams = fedDays.reduce((n, d) => n + d.grams, 0);
  const loaded = results.every((r) => r.isSuccess);
  const failed = results.some((r) => r.isError);
  const labels = t('weekdays').split(',');
  const fullDate = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', weekday: 'long' });

  return (
    <Section title={t('calendar')} extra={signedIn ? <ViewSwitch view={view} onChange={setView} /> : undefined}>
      <div data-testid="feeding-calendar" data-view={monthView ? 'month' : 'week'}>
        {monthView && (
          <div className={styles.monthBar}>
            <button
              type="button"
              className={styles.monthArrow}
              aria-label={t('prevMonth')}
              onClick={() => {
                setShown((m) => addMonths(m, -1));
              }}
            >
              ‹
            </button>
            <span className={styles.monthTitle} data-testid="calendar-month">
              {new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(shown)}
            </span>
            <button
              type="button"
              className={styles.monthArrow}
              aria-label={t('nextMonth')}
              disabled={monthKey(shown) >= monthKey(today)}
              onClick={() => {
                setShown((m) => addMonths(m, 1));
              }}
            >
              ›
            </button>
          </div>
        )}
        <div className={styles.grid} aria-hidden="true" data-testid="calendar-weekdays">
          {labels.map((label) => (
            <span key={label} className={styles.weekday}>
              {label}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <ol key={dateKey(week[0] ?? today)} className={styles.grid}>
            {week.map((day) => {
              const key = dateKey(day);
              const mark = fed.get(key);
              const outside = monthView && day.getMonth() !== shown.getMonth();
              const classes = [
                styles.day,
                mark && !outside ? styles.fed : '',
                sameDay(day, today) ? styles.today : '',
                outside ? styles.outside : '',
              ].join(' ');
              return (
                <li
                  key={key}
                  className={classes}
                  data-date={key}
                  data-fed={mark && !outside ? 'true' : undefined}
                  aria-label={[
                    fullDate.format(day),
                    sameDay(day, today) ? t('today') : '',
                    mark && !outside ? t('fedOn', { weight: formatWeight(mark.grams, locale) }) : '',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                >
                  <span className={styles.dayNumber}>{day.getDate()}</span>
                  <span className={styles.dayGrams}>
                    {mark && !outside ? formatWeight(mark.grams, locale) : '\u00a0'}
                  </span>
                </li>
              );
            })}
          </ol>
        ))}
        {signedIn ? (
          <p className={styles.hint} data-testid="calendar-summary">
            {failed
              ? t('common:loadFailed')
              : !loaded
                ? '\u00a0'
                : fedDays.length > 0
                  ? t(monthView ? 'calendarSummaryMonth' : 'calendarSummaryWeek', {
                      count: fedDays.length,
                      weight: formatWeight(grams, locale),
                    })
                  : t('calendarHint')}
          </p>
        ) : (
          <div className={styles.loginPrompt}>
            <span>{t('calendarLogin')}</span>
            <button
              type="button"
              className="ph-link-button"
              onClick={() => {
                navigateTo(`/pages/public/login?redirect=${encodeURIComponent('/pages/index/index')}`);
              }}
            >
              {t('login')}
            </button>
          </div>
        )}
      </div>
    </Section>
  );
}
