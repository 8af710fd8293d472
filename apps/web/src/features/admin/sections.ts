import type { ComponentType } from 'react';
import {
  BankcardOutline,
  EditSOutline,
  EnvironmentOutline,
  ExclamationTriangleOutline,
  FileOutline,
  GiftOutline,
  HeartOutline,
  PayCircleOutline,
  ReceiptOutline,
  SetOutline,
  TeamOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';

/**
 * The console's navigation: one entry per section, in menu order. A section with `ready: false` shows in the
 * menu as "coming soon"; later issues add their view in AdminApp's route table and flip it on.
 */
export interface AdminSection {
  key:
    | 'users'
    | 'posts'
    | 'reports'
    | 'content'
    | 'pets'
    | 'bases'
    | 'devices'
    | 'payments'
    | 'ledger'
    | 'supportApplications'
    | 'supportEvents'
    | 'cashOuts'
    | 'settings';
  /** Path under /admin. */
  path: string;
  icon: ComponentType;
  ready: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'users', path: 'users', icon: UserOutline, ready: true },
  { key: 'posts', path: 'posts', icon: EditSOutline, ready: true },
  { key: 'reports', path: 'reports', icon: ExclamationTriangleOutline, ready: true },
  { key: 'content', path: 'content', icon: FileOutline, ready: true },
  { key: 'pets', path: 'pets', icon: HeartOutline, ready: true },
  { key: 'bases', path: 'bases', icon: EnvironmentOutline, ready: true },
  { key: 'devices', path: 'devices', icon: VideoOutline, ready: true },
  { key: 'payments', path: 'payments', icon: PayCircleOutline, ready: true },
  { key: 'ledger', path: 'ledger', icon: ReceiptOutline, ready: true },
  { key: 'supportApplications', path: 'support-applications', icon: TeamOutline, ready: true },
  { key: 'supportEvents', path: 'support-events', icon: GiftOutline, ready: true },
  { key: 'cashOuts', path: 'cash-outs', icon: BankcardOutline, ready: true },
  { key: 'settings', path: 'settings', icon: SetOutline, ready: true },
];

export const ADMIN_BASE = '/admin';

/** Seconds since the epoch (API timestamps) → a local date and time. */
export function formatTimestamp(seconds: number | null, locale: string, withTime = true): string | null {
  if (seconds === null) return null;
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'short', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(locale, options).format(seconds * 1000);
}

/** Number of pages for `total` rows (at least 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}
