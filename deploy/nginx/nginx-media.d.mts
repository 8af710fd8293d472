// Types for nginx-media.mjs (imported by the API's integration tests).
export interface NginxMedia {
  ingestUrl: string;
  originUrl: string;
  playbackUrls: string[];
  pids: number[];
  stop(): Promise<void>;
}
export function findNginx(env?: Record<string, string | undefined>): { nginx: string; modules: string } | undefined;
export function freePort(): Promise<number>;
export function render(template: string, values: Record<string, string | number>): string;
export function startNginxMedia(o: {
  apiUrl: string;
  key: string;
  hookToken: string;
  dir: string;
  edges?: number;
  rtmpPort?: number;
  edgePort?: number;
  originPort?: number;
}): Promise<NginxMedia>;
