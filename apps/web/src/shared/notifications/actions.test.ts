import { describe, expect, it } from 'vitest';
import { isAppLink, isConsoleLink } from './actions';

describe('a notification’s link', () => {
  it('is followed only to the app’s own pages', () => {
    expect(isAppLink('/pages/community/detail?id=3')).toBe(true);
    expect(isAppLink('/admin/posts')).toBe(true);
    expect(isAppLink('')).toBe(false);
    expect(isAppLink('//evil.example/x')).toBe(false);
    expect(isAppLink('https://evil.example/x')).toBe(false);
    expect(isAppLink('javascript:alert(1)')).toBe(false);
  });

  it('opens the console by a page load', () => {
    expect(isConsoleLink('/admin')).toBe(true);
    expect(isConsoleLink('/admin/posts?status=ped')).toBe(true);
    expect(isConsoleLink('/administrator')).toBe(false);
    expect(isConsoleLink('/pages/mine/mine')).toBe(false);
  });
});
