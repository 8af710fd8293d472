import { useEffect, useState } from 'react';
import { certificatePng, type CertificateText } from './draw';

export type CertificateImage =
  { state: 'drawing' } | { state: 'ready'; url: string; file: File } | { state: 'unavailable' };

export const CERTIFICATE_FILE = 'petheart-certificate.png';

/** Draws the certificate as a PNG whenever its words change; the object URL lives as long as the image. */
export function useCertificateImage(text: CertificateText | null): CertificateImage {
  const key = text ? JSON.stringify(text) : '';
  // The image of the words it was drawn from: other words show as still drawing.
  const [drawn, setDrawn] = useState<{ key: string; image: CertificateImage } | null>(null);
  useEffect(() => {
    if (!key) return;
    let url: string | null = null;
    let live = true;
    const words = JSON.parse(key) as CertificateText;
    // Web fonts and system fallbacks settle first, so the image uses the page's letters.
    const fontsReady = typeof document.fonts === 'object' ? document.fonts.ready : Promise.resolve();
    void fontsReady
      .then(() => certificatePng(words))
      .catch(() => null)
      .then((blob) => {
        if (!live) return;
        if (!blob) {
          setDrawn({ key, image: { state: 'unavailable' } });
          return;
        }
        url = URL.createObjectURL(blob);
        const file = new File([blob], CERTIFICATE_FILE, { type: 'image/png' });
        setDrawn({ key, image: { state: 'ready', url, file } });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return drawn?.key === key ? drawn.image : { state: 'drawing' };
}
