/** WeChat's in-app browser (and WeCom's, which carries the same token). */
export const isMessenger = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/** The certificate's public page (issue 29 §4): anyone may open it, signed out. */
export const publicCertificatePath = (id: string) => `/pages/public/certificate?id=${encodeURIComponent(id)}`;

/**
 * How the certificate is shared: inside the messenger, its top-right menu (spec §8); elsewhere the image
 * itself with the certificate's public link through the Web Share API when the browser can share files, else
 * the link through the system share sheet where there is one; else the spec's link-copied alert (or the link to
 * copy by hand when the clipboard cannot be written).
 */
export type CertificateShareMode = 'messenger' | 'files' | 'sheet' | 'clipboard' | 'manual';

export function certificateShareMode(
  nav: { userAgent: string; canShare?: (data: ShareData) => boolean; share?: unknown },
  file: File | null,
  canCopy: boolean,
): CertificateShareMode {
  if (isMessenger(nav.userAgent)) return 'messenger';
  if (file && typeof nav.canShare === 'function') {
    try {
      if (nav.canShare({ files: [file] })) return 'files';
    } catch {
      // A browser that throws on files cannot share them.
    }
  }
  if (typeof nav.share === 'function') return 'sheet';
  return canCopy ? 'clipboard' : 'manual';
}

/** The user closed the share sheet: not a failure. */
export const isShareAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
