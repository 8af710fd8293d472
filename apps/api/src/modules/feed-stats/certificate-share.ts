import { type CertificateLinkData, type Locale, type PublicCertificate } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { dayNumber } from '../../lib/time';
import { TtlCache } from '../../lib/ttl-cache';
import type { CertificateLinks } from './certificate-link';
import type { FeedStatsRepository } from './repository';

export interface CertificateShareDeps {
  stats: Pick<FeedStatsRepository, 'certificate'>;
  links: CertificateLinks;
  clock: Clock;
  /** Draws a certificate's picture (certificate-image.ts). */
  draw: (certificate: PublicCertificate, locale: Locale) => Promise<Buffer>;
  /** How long a drawn picture is reused (crawlers of one shared link come in bursts). */
  imageCacheMs: number;
}

/**
 * The certificate's public link (issue 29 §4): the signed-in user gets the link's opaque id; anyone with it sees the
 * nickname and the certificate's three figures (never the e-mail, the balance or the user's id), and its picture for
 * link previews. An unknown id, or a disabled account's, is not_found.
 */
export class CertificateShareService {
  private readonly images: TtlCache<string, Buffer>;

  constructor(private readonly deps: CertificateShareDeps) {
    this.images = new TtlCache(deps.clock, 200);
  }

  link(userId: number): CertificateLinkData {
    return { id: this.deps.links.idOf(userId) };
  }

  /** What a shared certificate shows, or undefined for an id that names no one (previews). */
  async find(id: string): Promise<PublicCertificate | undefined> {
    const userId = this.deps.links.userOf(id);
    if (userId === undefined) return undefined;
    const row = await this.deps.stats.certificate(userId);
    if (!row || row.status !== 'normal') return undefined;
    return {
      nickname: row.nickname,
      days_joined: dayNumber(row.joinedAt, this.deps.clock.now()),
      animals_helped: row.animals,
      grams: row.grams,
    };
  }

  async publicCertificate(id: string): Promise<PublicCertificate> {
    const found = await this.find(id);
    if (!found) throw new AppError('not_found');
    return found;
  }

  /** The certificate's picture (PNG) in `locale`, drawn at most once per cache period per link and language. */
  async image(id: string, locale: Locale): Promise<Buffer> {
    const key = `${id}:${locale}`;
    const kept = this.images.get(key);
    if (kept) return kept;
    const generation = this.images.generation;
    const png = await this.deps.draw(await this.publicCertificate(id), locale);
    this.images.set(key, png, this.deps.clock.now().getTime() + this.deps.imageCacheMs, generation);
    return png;
  }
}
