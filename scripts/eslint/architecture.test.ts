import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { architecture } from './architecture.js';

// The architecture lint rules fire on the imports they forbid (and stay quiet on those they allow): each case is
// linted as if it were a file at that place in the tree, against the real tree around it.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { languageOptions: { parser: (await import('typescript-eslint')).parser, sourceType: 'module' } },
    // import-x's plugin type and ESLint's differ in a detail of their rule types; the objects are what ESLint takes.
    ...(architecture as unknown as Linter.Config[]),
  ],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('architecture lint', () => {
  it('a feature imports neither another feature, the console nor app/; its own folder and shared/ it may', async () => {
    const found = await problems(
      'apps/web/src/features/home/zz-case.ts',
      [
        "import { searchApi } from '../search/api';",
        "import { UsersView } from '../../console/users/UsersView';",
        "import { appRoutes } from '../../app/router';",
        "import { useApi } from '../../shared/api';",
        "import { liveApi } from './live/api';",
        'export const x = [searchApi, UsersView, appRoutes, useApi, liveApi];',
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
    expect(found.every((p) => p.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('a console area imports no other area and no shell file but sections.ts; the console no feature', async () => {
    const found = await problems(
      'apps/web/src/console/users/zz-case.ts',
      [
        "import { BasesView } from '../bases/BasesView';",
        "import { AdminApp } from '../AdminApp';",
        "import { searchApi } from '../../features/search/api';",
        "import { pageCount } from '../sections';",
        "import { DataTable } from '../shared/DataTable';",
        'export const y = [BasesView, AdminApp, searchApi, pageCount, DataTable];',
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
  });

  it('console/shared and shared/ import no area, feature or app/', async () => {
    expect(
      await problems('apps/web/src/console/shared/zz-case.ts', "export { UsersView } from '../users/UsersView';"),
    ).toHaveLength(1);
    expect(
      await problems('apps/web/src/shared/zz-case.ts', "export { searchApi } from '../features/search/api';"),
    ).toHaveLength(1);
  });

  it('finds an import cycle between API module folders', async () => {
    // feed imports ledger (feed/intake.ts → ledger/batch.ts): ledger importing feed closes a folder cycle.
    const found = await problems('apps/api/src/modules/ledger/zz-case.ts', "export { x } from '../feed/intake';");
    expect(found).toEqual([expect.stringMatching(/^architecture\/module-cycles: .*ledger → feed → ledger/)]);
    expect(await problems('apps/api/src/modules/feed/zz-case.ts', "export { x } from '../ledger/batch';")).toEqual([]);
  });

  it('only repositories reach the database', async () => {
    const code = "import { sql } from 'drizzle-orm';\nexport const q = sql;";
    expect(await problems('apps/api/src/modules/search/zz-service.ts', code)).toEqual([
      expect.stringMatching(/^architecture\/repository-only-database/),
    ]);
    expect(await problems('apps/api/src/modules/search/zz-repository.ts', code)).toEqual([]);
  });

  it('the web app names no API path (endpoint objects instead); tests may', async () => {
    const code = "export const a = '/api/post/list';\nexport const b = (p: string) => `/api/oauth/${p}/start`;";
    const found = await problems('apps/web/src/features/home/zz-case.ts', code);
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-syntax/),
      expect.stringMatching(/^no-restricted-syntax/),
    ]);
    expect(await problems('apps/web/src/features/home/zz-case.test.ts', code)).toEqual([]);
    expect(
      await problems('apps/web/src/features/home/zz-case.ts', "export const page = '/pages/index/index';"),
    ).toEqual([]);
  });
});
