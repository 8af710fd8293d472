import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@petheart/contracts';

// Issue 25 §1 (decision 032): the web app calls endpoints only through their objects in packages/contracts, so
// no API path is written in apps/web/src outside tests, neither whole (`/api/post/list`, also caught by lint)
// nor after the `/api` prefix (`/post/list`), in code or in comments.
const web = path.resolve(import.meta.dirname, '../apps/web/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test-support' || name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/-test-support\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The places in `text` that name an endpoint's path: `/api/x/y`, or `/x/y` ending where a path would end. */
export function pathMentions(text: string, paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const p of paths) {
    const tail = p
      .replace(/^\/api/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[a-z_]+/gi, '[^/\'"`\\s]+');
    if (new RegExp(`(?<![\\w/])(/api)?${tail}(?![\\w/])`).test(text)) found.push(p);
  }
  return found;
}

describe('endpoint paths in the web app', () => {
  const paths = ALL_ENDPOINTS.map((e) => e.path).filter((p) => p.startsWith('/api/'));

  it('finds a path however it is written (the check itself works)', () => {
    const sample = [
      "api.request({ path: '/post/list' })",
      'fetch(`/api/user/index`)',
      '// asks /api/feed/status until done',
      'location.assign(`/api/oauth/${p}/start`)',
    ].join('\n');
    expect(pathMentions(sample, paths).sort()).toEqual(
      ['/api/feed/status', '/api/oauth/:provider/start', '/api/post/list', '/api/user/index'].sort(),
    );
    expect(pathMentions("navigate('/pages/community/community'); const u = '/uploads/post/list.png';", paths)).toEqual(
      [],
    );
  });

  it('none appears in apps/web/src outside tests', () => {
    const offenders = sources(web).flatMap((file) =>
      pathMentions(readFileSync(file, 'utf8'), paths).map((p) => `${path.relative(web, file)}: ${p}`),
    );
    expect(offenders).toEqual([]);
  });
});
