import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export interface StationDownloadsOptions {
  /** The agent bundle (apps/feeder/dist/petheart-feeder.mjs, written by `npm run build`). */
  bundle: string;
  /** The installer template (deploy/station/install.sh). */
  installer: string;
  /** Where stations fetch the bundle from: this server's public address. */
  publicUrl: string;
}

export interface StationBundle {
  body: Buffer;
  sha256: string;
}

/**
 * What a station installs: the agent bundle, and the installer with this server's bundle address and the bundle's
 * SHA-256 written in (so `curl … | sudo bash` checks what it downloads). Read from disk on each request: a rebuilt
 * bundle is served without a restart.
 */
export class StationDownloads {
  constructor(private readonly options: StationDownloadsOptions) {}

  /** The bundle, or null when it has not been built. */
  async bundle(): Promise<StationBundle | null> {
    const body = await readFile(this.options.bundle).catch(() => null);
    return body ? { body, sha256: createHash('sha256').update(body).digest('hex') } : null;
  }

  /** The installer for this server, or null without a bundle to install. */
  async installer(): Promise<string | null> {
    const bundle = await this.bundle();
    if (!bundle) return null;
    const template = await readFile(this.options.installer, 'utf8');
    return template
      .replace('@BUNDLE_URL@', `${this.options.publicUrl}/station/petheart-feeder.mjs`)
      .replace('@BUNDLE_SHA256@', bundle.sha256);
  }

  /** The one-line install command the console shows, for a station file saved as `station.json`. */
  installCommand(): string {
    return `curl -fsSL ${this.options.publicUrl}/station/install.sh | sudo bash -s -- station.json`;
  }
}
