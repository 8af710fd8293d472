import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, formatTimestamp, pageCount } from './sections';

describe('console sections', () => {
  it('have unique keys and paths, users first', () => {
    expect(new Set(ADMIN_SECTIONS.map((s) => s.key)).size).toBe(ADMIN_SECTIONS.length);
    expect(new Set(ADMIN_SECTIONS.map((s) => s.path)).size).toBe(ADMIN_SECTIONS.length);
    expect(ADMIN_SECTIONS[0]).toMatchObject({ key: 'users' });
  });

  it('are, in menu order: users, moderation, reports, content, pets, bases, devices, alerts, money, food given free, support, cash-outs, settings', () => {
    expect(ADMIN_SECTIONS.map((s) => s.key)).toEqual([
      'users',
      'posts',
      'reports',
      'content',
      'pets',
      'bases',
      'devices',
      'alerts',
      'payments',
      'ledger',
      'freeFood',
      'supportApplications',
      'supportEvents',
      'cashOuts',
      'settings',
    ]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('formats API timestamps (seconds) and keeps null', () => {
    expect(formatTimestamp(null, 'en')).toBeNull();
    expect(formatTimestamp(0, 'en', false)).toMatch(/19(69|70)/);
    expect(formatTimestamp(86_400 * 365, 'en')).toMatch(/^\d+\/\d+\/(70|71), \d+:\d\d/);
  });
});
