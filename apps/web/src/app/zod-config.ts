// The page's Content-Security-Policy allows no eval (decision 028). zod compiles object parsers with
// `new Function` when it may, after a probe that the browser reports as a violation even though zod catches
// it; the probe runs as each object schema is defined, so jitless must be set before the contracts load.
// zod keeps its configuration in this global (shared by every copy of zod) and takes an existing one:
// set here, imported first by main.tsx, it holds whichever chunk loads zod. The bundler dropped a
// `z.config({ jitless: true })` call here (zod is marked free of side effects). zod-config.test.ts checks it.
const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(host.__zod_globalConfig ??= {}).jitless = true;

export {};
