import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { UploadedImages } from './uploaded-images';

const stored = new Set(['/uploads/20260101/aa.jpg', '/uploads/20260101/bb.png']);
const images = new UploadedImages({
  uploads: { existingUploads: (paths) => Promise.resolve(new Set(paths.filter((p) => stored.has(p)))) },
  publicBases: ['', 'https://cdn.petheart.example', 'http://localhost:3000'],
});

describe('uploaded images', () => {
  it('keeps the path of an upload given as a path or as the address the upload answered', async () => {
    expect(
      await images.require([
        '/uploads/20260101/aa.jpg',
        'https://cdn.petheart.example/uploads/20260101/bb.png',
        'http://localhost:3000/uploads/20260101/aa.jpg',
        '',
      ]),
    ).toEqual(['/uploads/20260101/aa.jpg', '/uploads/20260101/bb.png', '/uploads/20260101/aa.jpg', '']);
    expect(await images.one('')).toBe('');
  });

  it('refuses other sites, paths never uploaded, traversal and script addresses', async () => {
    for (const address of [
      'https://elsewhere.example/uploads/20260101/aa.jpg',
      '/uploads/20260101/cc.jpg',
      '/uploads/../etc/passwd',
      'javascript:alert(1)',
      '//cdn.petheart.example/uploads/20260101/aa.jpg',
    ]) {
      await expect(images.one(address), address).rejects.toThrow(AppError);
    }
    await expect(images.require(['/uploads/x y.jpg'])).rejects.toMatchObject({ id: 'image_not_uploaded' });
  });
});
