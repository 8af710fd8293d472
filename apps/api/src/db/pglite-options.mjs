// PGlite's start parameters, for the database's thread (pglite-worker.mjs) and the first start (pglite-initdb.mjs).
// Plain JavaScript, as both are.

/**
 * The engine's memory settings (decision 022). PostgreSQL's default shared_buffers, 128 MB, was allocated and
 * zeroed in the engine's WebAssembly memory at start, which never gives memory back: the API process held it
 * whole from its first second. The database's files are in the operating system's page cache either way, so a
 * page that is not in shared_buffers costs a read call, not a disk read. maintenance_work_mem bounds what a
 * VACUUM or an index build may take at once (the memory would stay taken); work_mem and temp_buffers keep
 * PostgreSQL's defaults (4 MB, 8 MB, taken only while a statement needs them).
 */
export const MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/** PGlite's own start parameters with the settings above. */
export function startParams(PGlite) {
  return [...PGlite.defaultStartParams, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
}
