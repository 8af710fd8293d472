import { describe, expect, it } from 'vitest';
import { CANVAS_HEIGHT, CANVAS_WIDTH, drawCertificate, wrapLines, type CertificateText } from './draw';

const mono = (s: string) => s.length * 10;

describe('the certificate image', () => {
  it('wraps words where there are spaces and characters where there are none', () => {
    expect(wrapLines(mono, 'for caring for stray animals with PetHeart.', 120)).toEqual([
      'for caring',
      'for stray',
      'animals with',
      'PetHeart.',
    ]);
    expect(wrapLines(mono, '感谢你为流浪动物提供的每一份粮食', 60)).toEqual([
      '感谢你为流浪',
      '动物提供的每',
      '一份粮食',
    ]);
    expect(wrapLines(mono, 'short', 600)).toEqual(['short']);
    expect(wrapLines(mono, '', 600)).toEqual([]);
  });

  it('draws every word of the certificate inside the canvas', () => {
    const drawn: { text: string; x: number; y: number }[] = [];
    const gradient = { addColorStop: () => undefined };
    const methods: Record<string, unknown> = {
      measureText: (s: string) => ({ width: mono(s) }),
      fillText: (text: string, x: number, y: number) => {
        drawn.push({ text, x, y });
      },
      createLinearGradient: () => gradient,
    };
    // Every other method draws nothing; every property may be set.
    const ctx = new Proxy(methods, { get: (target, key: string) => target[key] ?? (() => undefined), set: () => true });
    const text: CertificateText = {
      brand: 'PetHeart',
      title: 'Certificate of Love',
      presented: 'This certificate is presented to',
      nickname: 'Mia',
      body: 'for caring for stray animals with PetHeart.',
      stats: [
        { value: '12', label: 'Days with us' },
        { value: '7', label: 'Animals helped' },
        { value: '1.5kg', label: 'Food provided' },
      ],
      thanks: 'Thank you for every meal you gave.',
      issued: 'Issued May 1, 2025',
      number: 'No. PH-000042',
    };
    drawCertificate(ctx as unknown as CanvasRenderingContext2D, text);
    const words = drawn.map((d) => d.text).join(' ');
    for (const part of ['PetHeart', 'Certificate of Love', 'Mia', '1.5kg', 'Animals helped', 'No. PH-000042'])
      expect(words).toContain(part);
    for (const d of drawn) {
      expect(d.y).toBeGreaterThan(0);
      expect(d.y).toBeLessThan(CANVAS_HEIGHT);
      expect(d.x).toBeGreaterThanOrEqual(0);
      expect(d.x).toBeLessThanOrEqual(CANVAS_WIDTH);
    }
  });
});
