import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './env';

const example = readFileSync(path.resolve(import.meta.dirname, '../../../../.env.example'), 'utf8');

describe('.env.example', () => {
  it('documents exactly the variables the configuration reads', () => {
    // Each variable is a commented `# NAME=value` line, once.
    const documented = [...example.matchAll(/^#\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
