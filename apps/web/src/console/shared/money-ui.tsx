import { useTranslation } from 'react-i18next';
import type { ConsoleLedgerEntry } from '@petheart/contracts';
import styles from './money.module.css';

/** Coins with a sign (ledger entries): +310, −310. */
export function signed(n: number, locale: string): string {
  const text = new Intl.NumberFormat(locale).format(Math.abs(n));
  return n < 0 ? `−${text}` : `+${text}`;
}

/** A ledger transaction's entries: each account (kind, user) and what the entry adds to it. */
export function Entries({ entries, locale }: { entries: ConsoleLedgerEntry[]; locale: string }) {
  const { t } = useTranslation('admin');
  return (
    <ul className={styles.entries}>
      {entries.map((e) => {
        const who = e.user_email ?? (e.user_id === null ? null : `ID ${String(e.user_id)}`);
        return (
          <li key={e.account_id}>
            <span>
              {t(`ledger.accountKinds.${e.account_kind}`)} #{e.account_id}
              {who ? <span className={styles.mono}> · {who}</span> : null}
            </span>
            <span className={e.amount < 0 ? styles.minus : styles.plus}>{signed(e.amount, locale)}</span>
          </li>
        );
      })}
    </ul>
  );
}
