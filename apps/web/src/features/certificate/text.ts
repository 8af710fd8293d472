import type { Locale, PublicCertificate } from '@petheart/contracts';
import { formatCount, formatDate, formatWeight } from '../../shared/format';
import type { CertificateText } from './draw';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The certificate number: the user's id, zero-padded ("PH-000042"). */
export const certificateNo = (userId: number) => `PH-${String(userId).padStart(6, '0')}`;

/**
 * Every word of the certificate (the page card and the image say the same). A shared certificate (no user id:
 * the public page) has no number, which would name the account.
 */
export function certificateText(
  c: PublicCertificate,
  o: { t: T; locale: Locale; userId: number | null; issuedAt: Date },
): CertificateText {
  const { t, locale } = o;
  return {
    brand: t('brand'),
    title: t('title'),
    presented: t('presented'),
    nickname: c.nickname,
    body: t('body'),
    stats: [
      { value: formatCount(c.days_joined, locale), label: t('days') },
      { value: formatCount(c.animals_helped, locale), label: t('animals') },
      { value: formatWeight(c.grams, locale), label: t('grams') },
    ],
    thanks: t(c.grams > 0 ? 'thanks' : 'thanksNone'),
    issued: t('issued', { date: formatDate(o.issuedAt, locale) }),
    number: o.userId === null ? '' : t('number', { no: certificateNo(o.userId) }),
  };
}
