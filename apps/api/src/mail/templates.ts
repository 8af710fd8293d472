import { translate, type Locale } from '@petheart/contracts';

/** The auth-code mail in the reader's language (texts from MESSAGES 'mail.codeSubject' / 'mail.codeBody'). */
export function codeMail(locale: Locale, code: string): { subject: string; text: string } {
  return { subject: translate(locale, 'mail.codeSubject'), text: translate(locale, 'mail.codeBody', { code }) };
}

/** The auth-code text message: the same words as the mail body, prefixed with the product name. */
export function codeSms(locale: Locale, code: string): string {
  return `[PetHeart] ${translate(locale, 'mail.codeBody', { code })}`;
}
