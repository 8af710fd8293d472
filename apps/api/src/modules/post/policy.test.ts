import { describe, expect, it } from 'vitest';
import { canSee, isClipId, uploadPath } from './policy';

describe('post policy', () => {
  it('shows published posts to everyone and the others to their author and admins only', () => {
    expect(canSee({ userId: 1, status: 'res' }, null)).toBe(true);
    for (const status of ['ped', 'rej'] as const) {
      expect(canSee({ userId: 1, status }, null)).toBe(false);
      expect(canSee({ userId: 1, status }, { id: 2, admin: false })).toBe(false);
      expect(canSee({ userId: 1, status }, { id: 1, admin: false })).toBe(true);
      expect(canSee({ userId: 1, status }, { id: 2, admin: true })).toBe(true);
    }
  });

  it('accepts only upload paths this server issues', () => {
    const bases = ['https://cdn.example', 'http://127.0.0.1:8080', ''];
    expect(uploadPath('/uploads/2025/ab.jpg', bases)).toBe('/uploads/2025/ab.jpg');
    expect(uploadPath('https://cdn.example/uploads/2025/ab.jpg', bases)).toBe('/uploads/2025/ab.jpg');
    expect(uploadPath('http://127.0.0.1:8080/uploads/ab.png', bases)).toBe('/uploads/ab.png');
    for (const bad of [
      'https://elsewhere.example/uploads/a.jpg',
      '/uploads/../secret',
      '/uploads/a.jpg?x=1',
      'javascript:alert(1)',
      '/uploads/"><script>.jpg',
      'uploads/a.jpg',
    ]) {
      expect(uploadPath(bad, bases)).toBeNull();
    }
  });

  it('recognises clip ids', () => {
    expect(isClipId('3b241101-e2bb-4255-8caf-4136c566a962')).toBe(true);
    expect(isClipId("1' OR '1'='1")).toBe(false);
  });
});
