import type { UploadData } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import { DEFAULT_IMAGE_LIMITS, processImage, type ImageLimits } from './image';
import type { UploadRepository } from './repository';
import type { FileStorage } from './storage';

export interface UploadServiceDeps {
  storage: FileStorage;
  uploads: UploadRepository;
  limiter: RateLimiter;
  clock: Clock;
  /** Prefix of `fullurl`: the asset host when set, else the public URL. */
  publicBase: string;
  limits?: ImageLimits;
}

export class UploadService {
  constructor(private readonly deps: UploadServiceDeps) {}

  /** Refuses a user over their upload allowance ('rate_limited' with retry-after). Call before reading the body. */
  async admit(userId: number): Promise<void> {
    const decision = await this.deps.limiter.consume(userId);
    if (!decision.allowed) throw new AppError('rate_limited', {}, retryAfterSeconds(decision));
  }

  /** Checks, re-encodes and stores an image; records it against the user. */
  async store(userId: number, input: Buffer): Promise<UploadData> {
    const image = await processImage(input, this.deps.limits ?? DEFAULT_IMAGE_LIMITS);
    const url = await this.deps.storage.save(image.data, image.ext, this.deps.clock.now());
    await this.deps.uploads.insert({
      userId,
      path: url,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    });
    return { url, fullurl: `${this.deps.publicBase}${url}` };
  }
}
