import { describe, expect, it, vi } from 'vitest';
import { checkVersion } from './startup';

describe('app start version check', () => {
  it('stores the new version and reloads when the stored one differs', () => {
    const reload = vi.fn();
    localStorage.setItem('version', '1.0.1');
    expect(checkVersion(localStorage, reload)).toBe(true);
    expect(localStorage.getItem('version')).toBe('1.0.2');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stores the version without reloading on a first visit (nothing stored)', () => {
    const reload = vi.fn();
    localStorage.removeItem('version');
    expect(checkVersion(localStorage, reload)).toBe(false);
    expect(localStorage.getItem('version')).toBe('1.0.2');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when an empty version is stored (it differs)', () => {
    const reload = vi.fn();
    localStorage.setItem('version', '');
    expect(checkVersion(localStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the version matches', () => {
    const reload = vi.fn();
    localStorage.setItem('version', '1.0.2');
    expect(checkVersion(localStorage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
