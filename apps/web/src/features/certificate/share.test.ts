import { describe, expect, it } from 'vitest';
import { certificateShareMode, isShareAbort, publicCertificatePath } from './share';

const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const WECHAT = `${CHROME} MicroMessenger/8.0.49`;
const png = new File([new Uint8Array([137, 80, 78, 71])], 'certificate.png', { type: 'image/png' });

describe('sharing the certificate', () => {
  it('inside the messenger: its menu hint, even where files could be shared', () => {
    expect(certificateShareMode({ userAgent: WECHAT, canShare: () => true }, png, true)).toBe('messenger');
  });

  it('shares the image where the browser can share files', () => {
    expect(certificateShareMode({ userAgent: CHROME, canShare: () => true }, png, true)).toBe('files');
  });

  it('shares the public link through the system sheet where files cannot be shared', () => {
    const share = () => Promise.resolve();
    expect(certificateShareMode({ userAgent: CHROME, canShare: () => false, share }, png, true)).toBe('sheet');
    expect(certificateShareMode({ userAgent: CHROME, share }, null, false)).toBe('sheet');
    expect(publicCertificatePath('Ab-_09')).toBe('/pages/public/certificate?id=Ab-_09');
  });

  it('else copies the link (or shows it), as the spec’s share does', () => {
    expect(certificateShareMode({ userAgent: CHROME, canShare: () => false }, png, true)).toBe('clipboard');
    expect(certificateShareMode({ userAgent: CHROME }, png, false)).toBe('manual');
    expect(certificateShareMode({ userAgent: CHROME, canShare: () => true }, null, true)).toBe('clipboard');
    const throwing = () => {
      throw new TypeError('files unsupported');
    };
    expect(certificateShareMode({ userAgent: CHROME, canShare: throwing }, png, true)).toBe('clipboard');
  });

  it('treats a closed share sheet as no failure', () => {
    expect(isShareAbort(new DOMException('cancelled', 'AbortError'))).toBe(true);
    expect(isShareAbort(new DOMException('denied', 'NotAllowedError'))).toBe(false);
  });
});
