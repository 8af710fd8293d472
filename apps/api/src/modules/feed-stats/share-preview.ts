import { PUBLIC_CERTIFICATE_PAGE, feedStatsEndpoints, translate, type Locale } from '@petheart/contracts';
import { previewCount, previewWeight, type PagePreview } from '../../http/page-preview';
import type { CertificateShareService } from './certificate-share';

export interface CertificateSharePreviewDeps {
  certificates: Pick<CertificateShareService, 'find'>;
  /** The app's public origin (PUBLIC_URL): the page's and the picture's address. */
  publicUrl: string;
}

/**
 * A shared certificate's preview in messengers (issue 29 §4), in the link's language: whose certificate, its three
 * figures, and its picture drawn by the server (GET /api/feed/certificate/image: the app draws its own on a canvas,
 * which crawlers never run); none for an id that names no one.
 */
export class CertificateSharePreview {
  constructor(private readonly deps: CertificateSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== PUBLIC_CERTIFICATE_PAGE) return undefined;
    const id = url.searchParams.get('id') ?? '';
    const found = await this.deps.certificates.find(id);
    if (!found) return undefined;
    const name = found.nickname.trim() || translate(locale, 'share.certificate.someone');
    const image = new URLSearchParams({ id, lang: locale });
    return {
      title: translate(locale, 'share.certificate.title', { name }),
      description: translate(locale, 'share.certificate.description', {
        days: previewCount(found.days_joined, locale),
        animals: previewCount(found.animals_helped, locale),
        weight: previewWeight(found.grams, locale),
      }),
      image: `${this.deps.publicUrl}${feedStatsEndpoints.certificateImage.path}?${image.toString()}`,
      url: `${this.deps.publicUrl}${PUBLIC_CERTIFICATE_PAGE}?id=${id}`,
    };
  }
}
