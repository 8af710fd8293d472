import { readFile as fsReadFile, stat as fsStat } from 'node:fs/promises';
import path from 'node:path';
import { StationFileSchema, stationFileProblems, stationPublishUrl } from '@petheart/contracts';
import type { StationFile } from '@petheart/contracts';

/** A station file read, checked and resolved: paths made absolute, the secret read, the publish address built. */
export interface LoadedStation {
  station: StationFile;
  secret: string;
  /** The camera's RTMP publish address (none without media.ingest). */
  rtmpUrl: string | undefined;
  stateDir: string;
  /** Things that work but should be fixed (a secret file others can read). */
  warnings: string[];
}

export interface LoadStationDeps {
  readFile?: (file: string) => Promise<string>;
  /** The file's permission bits (for the secret file's warning). */
  mode?: (file: string) => Promise<number>;
}

const reason = (error: unknown) =>
  error instanceof Error && 'code' in error
    ? String(error.code)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Reads a station file. Every problem is listed at once (the file's own, then the secret file's), so an installer
 * fixes them in one go. Relative paths (secret_file, state_dir) are taken from the station file's folder.
 */
export async function loadStation(
  file: string,
  deps: LoadStationDeps = {},
): Promise<{ ok: true; loaded: LoadedStation } | { ok: false; problems: string[] }> {
  const read = deps.readFile ?? ((f: string) => fsReadFile(f, 'utf8'));
  const mode = deps.mode ?? (async (f: string) => (await fsStat(f)).mode);
  let text: string;
  try {
    text = await read(file);
  } catch (error) {
    return { ok: false, problems: [`${file}: cannot read it (${reason(error)})`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`] };
  }
  const parsed = StationFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problems: stationFileProblems(parsed.error) };
  const station = parsed.data;
  const folder = path.dirname(path.resolve(file));
  const warnings: string[] = [];
  let secret = station.secret ?? '';
  if (station.secret_file !== undefined) {
    const secretFile = path.resolve(folder, station.secret_file);
    try {
      secret = (await read(secretFile)).trim();
    } catch (error) {
      return { ok: false, problems: [`secret_file: cannot read ${secretFile} (${reason(error)})`] };
    }
    if (secret.length < 16)
      return { ok: false, problems: [`secret_file: ${secretFile} holds no secret of 16+ characters`] };
    if (((await mode(secretFile).catch(() => 0)) & 0o077) !== 0)
      warnings.push(`secret_file: ${secretFile} can be read by other users (chmod 600 it)`);
  } else warnings.push('secret: kept in the station file; a secret_file readable by the agent alone is safer');
  return {
    ok: true,
    loaded: {
      station,
      secret,
      rtmpUrl: station.media ? stationPublishUrl(station.media.ingest, station.device, secret) : undefined,
      stateDir: path.resolve(folder, station.state_dir),
      warnings,
    },
  };
}
