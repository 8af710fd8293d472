import { AppError } from '../../http/errors';

export interface UploadLookup {
  /** Which of these upload paths (/uploads/…) the server stored. */
  existingUploads(paths: string[]): Promise<Set<string>>;
}

/**
 * Images in content and pet profiles must be uploads (POST /api/common/upload): the `url` path it answered
 * or its `fullurl`. Anything else (another site's address, a path never uploaded, `javascript:`…) is refused
 * with `image_not_uploaded`; what is kept is the path.
 */
export class UploadedImages {
  constructor(
    private readonly deps: {
      uploads: UploadLookup;
      /** Prefixes of the addresses this server gives uploads (asset host, public URL). */
      publicBases: string[];
    },
  ) {}

  /** The upload path of an address, or null when it is not one this server issues. */
  pathOf(address: string): string | null {
    let path = address;
    for (const base of this.deps.publicBases) {
      if (base && address.startsWith(`${base}/`)) {
        path = address.slice(base.length);
        break;
      }
    }
    return /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(path) && !path.includes('..') ? path : null;
  }

  /** The paths of these image addresses ('' stays ''); throws `image_not_uploaded` for any that is not an upload. */
  async require(addresses: string[]): Promise<string[]> {
    const paths = addresses.map((a) => (a === '' ? '' : this.pathOf(a)));
    if (paths.some((p) => p === null)) throw new AppError('image_not_uploaded');
    const wanted = [...new Set(paths.filter((p): p is string => !!p))];
    const found = await this.deps.uploads.existingUploads(wanted);
    if (wanted.some((p) => !found.has(p))) throw new AppError('image_not_uploaded');
    return paths.map((p) => p ?? '');
  }

  /** One image address (or '') as its path. */
  async one(address: string): Promise<string> {
    const [path = ''] = await this.require([address]);
    return path;
  }
}
