import type { ComponentType } from 'react';
import {
  BankcardOutline,
  BellOutline,
  CouponOutline,
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

/** The console's navigation: one entry per section, in menu order; AdminApp has a view for each. */
export interface AdminSection {
  key:
    | 'users'
    | 'posts'
    | 'reports'
    | 'content'
    | 'pets'
    | 'bases'
    | 'devices'
    | 'alerts'
    | 'payments'
    | 'ledger'
    | 'freeFood'
    | 'supportApplications'
    | 'supportEvents'
    | 'cashOuts'
    | 'settings';
  /** Path under /admin. */
  path: string;
  icon: ComponentType;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'users', path: 'users', icon: UserOutline },
  { key: 'posts', path: 'posts', icon: EditSOutline },
  { key: 'reports', path: 'reports', icon: ExclamationTriangleOutline },
  { key: 'content', path: 'content', icon: FileOutline },
  { key: 'pets', path: 'pets', icon: HeartOutline },
  { key: 'bases', path: 'bases', icon: EnvironmentOutline },
  { key: 'devices', path: 'devices', icon: VideoOutline },
  { key: 'alerts', path: 'alerts', icon: BellOutline },
  { key: 'payments', path: 'payments', icon: PayCircleOutline },
  { key: 'ledger', path: 'ledger', icon: ReceiptOutline },
  { key: 'freeFood', path: 'free-food', icon: CouponOutline },
  { key: 'supportApplications', path: 'support-applications', icon: TeamOutline },
  { key: 'supportEvents', path: 'support-events', icon: GiftOutline },
  { key: 'cashOuts', path: 'cash-outs', icon: BankcardOutline },
  { key: 'settings', path: 'settings', icon: SetOutline },
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
