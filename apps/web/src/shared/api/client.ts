import type { z } from 'zod';
import type {
  EndpointData,
  EndpointInput,
  ErrorId,
  JsonEndpoint,
  Locale,
  MessageKey,
  UploadData,
} from '@petheart/contracts';
import type { GivenAnswers } from './given';
import { ApiError, type FieldIssue } from './errors';

/** Spec §9: network time-out for request, upload and download. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §4: the loading indicator appears only after 1 s of pending requests. */
export const LOADING_DELAY_MS = 1_000;

/** One request: an endpoint's method and path (after the origin), its input and the data schema. */
interface RequestOptions<S extends z.ZodType> extends CallOptions {
  path: string;
  method: 'GET' | 'POST';
  data?: unknown;
  schema: S;
}

/** How a call behaves in the app (not what it sends). */
export interface CallOptions {
  /** Names a task guard: a second call with the same task while the first runs is refused. */
  task?: string;
  /** No error UI (the caller handles the rejection). */
  silent?: boolean;
}

/** The input argument of `call`: required unless the endpoint's input schema takes undefined (or it has none). */
export type CallArgs<E extends JsonEndpoint> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

export interface ApiClient {
  /** Calls an endpoint of packages/contracts (decision 032): its method, path and data schema come from it. */
  call<E extends JsonEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>>;
  /** Sends one image to the multipart upload endpoint (`uploadEndpoints.upload`) in field `file`. */
  upload(endpoint: JsonEndpoint, file: Blob, filename?: string): Promise<UploadData>;
}

/** What the client shows; the app wires these to antd-mobile, tests to spies. */
export interface ApiUi {
  toast(message: string): void;
  showLoading(): void;
  hideLoading(): void;
  /** HTTP 500: a dialog titled with the page's h1 title. */
  serverError(title: string, content: string): void;
  /** Upload answered 401: "tips" / "Please log in first"; resolves true when the user confirms. */
  confirmLogin(title: string, content: string): Promise<boolean>;
}

export interface ApiClientDeps {
  ui: ApiUi;
  getToken(): string | null;
  removeToken(): void;
  /** The `lang` header. */
  getLocale(): Locale;
  /** A contracts message in the current language (the app reads its loaded i18next `messages` namespace). */
  translate(key: MessageKey): string;
  /** Goes to the login page (after the upload 401 dialog). */
  goLogin(): void;
  /** The page's h1 title, for the 500 dialog. */
  pageTitle?: () => string;
  /** Where the API is: '' (the default) for the page's own origin. */
  origin?: string;
  fetch?: typeof fetch;
  /** Answers given with the page (given.ts): a call they cover is not sent. */
  given?: GivenAnswers;
  timeoutMs?: number;
  loadingDelayMs?: number;
  now?: () => Date;
}

interface Body {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

function parseBody(text: string): Body | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

export function formatStamp(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function defaultPageTitle(): string {
  return document.querySelector('h1')?.textContent.trim() || document.title;
}

function failureDetails(body: Body | null): { errorId?: ErrorId; fields?: FieldIssue[] } {
  const data = body?.data;
  if (!data || typeof data !== 'object') return {};
  const raw = data as { error?: unknown; fields?: unknown };
  return {
    ...(isErrorId(raw.error) ? { errorId: raw.error } : {}),
    ...(Array.isArray(raw.fields) && raw.fields.every(isFieldIssue) ? { fields: raw.fields } : {}),
  };
}

// Hand-written guards (not zod) keep the schema library out of the entry chunk; the shapes are the
// contracts' ErrorIdSchema, FieldIssueSchema and UploadDataSchema.
function isErrorId(v: unknown): v is ErrorId {
  // The id list lives beside ErrorIdSchema (a zod module); any id-shaped string is taken as the server's id.
  return typeof v === 'string' && /^[a-z_]+$/.test(v);
}

function isFieldIssue(v: unknown): v is FieldIssue {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as FieldIssue).path === 'string' &&
    typeof (v as FieldIssue).message === 'string'
  );
}

function isUploadData(v: unknown): v is UploadData {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as UploadData).url === 'string' &&
    typeof (v as UploadData).fullurl === 'string'
  );
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError; show: () => void };

/**
 * The request layer (spec §4, §7, §8): JSON to an endpoint's path with the `token` and `lang` headers, the envelope
 * unwrapped (code 1 = success), the error catalogue shown unless `silent`, a 60 s time-out, a task guard and
 * a loading indicator that appears only after 1 s of pending requests.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const origin = deps.origin ?? '';
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const loadingDelayMs = deps.loadingDelayMs ?? LOADING_DELAY_MS;
  const now = deps.now ?? (() => new Date());
  const pageTitle = deps.pageTitle ?? defaultPageTitle;
  const t = (key: MessageKey) => deps.translate(key);
  const doFetch = (input: string, init: RequestInit) => (deps.fetch ?? globalThis.fetch)(input, init);

  const tasks = new Set<string>();
  let pending = 0;
  let loadingTimer: ReturnType<typeof setTimeout> | undefined;
  let loadingShown = false;
  let loginDialogOpen = false;

  function begin() {
    pending += 1;
    if (pending === 1) {
      loadingTimer = setTimeout(() => {
        loadingTimer = undefined;
        loadingShown = true;
        deps.ui.showLoading();
      }, loadingDelayMs);
    }
  }

  function end() {
    pending -= 1;
    if (pending > 0) return;
    if (loadingTimer !== undefined) clearTimeout(loadingTimer);
    loadingTimer = undefined;
    if (loadingShown) {
      loadingShown = false;
      deps.ui.hideLoading();
    }
  }

  function headers(json: boolean): Record<string, string> {
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      token: deps.getToken() ?? '',
      lang: deps.getLocale(),
    };
  }

  /** fetch with the time-out; resolves with the status and the parsed body, or a transport failure. */
  async function send(
    url: string,
    init: RequestInit,
  ): Promise<{ kind: 'response'; status: number; body: Body | null } | { kind: 'timeout' | 'network' }> {
    const controller = new AbortController();
    const state = { timedOut: false };
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const res = await doFetch(url, { ...init, signal: controller.signal });
      const text = await res.text();
      return { kind: 'response', status: res.status, body: parseBody(text) };
    } catch {
      return { kind: state.timedOut ? 'timeout' : 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  function failure(message: string, o: ConstructorParameters<typeof ApiError>[1], show: () => void): Outcome<never> {
    return { ok: false, error: new ApiError(message, o), show };
  }

  async function perform<S extends z.ZodType>(o: RequestOptions<S>): Promise<Outcome<z.infer<S>>> {
    const { method } = o;
    let url = `${origin}${o.path}`;
    const init: RequestInit = { method, headers: headers(method === 'POST') };
    if (method === 'GET') {
      if (o.data && typeof o.data === 'object') {
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(o.data as Record<string, unknown>)) {
          if (v === undefined || v === null) continue;
          query.set(
            k,
            typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v),
          );
        }
        const qs = query.toString();
        if (qs) url += (url.includes('?') ? '&' : '?') + qs;
      }
    } else {
      init.body = JSON.stringify(o.data ?? {});
    }
    const given = o.data === undefined ? deps.given?.take(method, o.path, deps.getLocale()) : undefined;
    const result =
      given !== undefined
        ? { kind: 'response' as const, status: 200, body: typeof given === 'object' ? (given as Body | null) : null }
        : await send(url, init);
    if (result.kind !== 'response') {
      const msg = t(result.kind === 'timeout' ? 'net.timeout' : 'net.failed');
      return failure(msg, { status: 0, code: 0 }, () => {
        deps.ui.toast(msg);
      });
    }
    const { status, body } = result;
    const code = typeof body?.code === 'number' ? body.code : 0;
    const bodyMsg = typeof body?.msg === 'string' ? body.msg : '';
    const details = failureDetails(body);
    if (status === 401) {
      deps.removeToken();
      const msg = t('error.login_expired');
      return failure(msg, { status, code, ...details }, () => {
        deps.ui.toast(msg);
      });
    }
    if (status === 404) {
      return failure('404', { status, code, ...details }, () => {
        deps.ui.toast('404');
      });
    }
    if (status >= 500) {
      const msg = bodyMsg || t('error.internal');
      return failure(msg, { status, code, ...details }, () => {
        if (body && bodyMsg) {
          deps.ui.serverError(pageTitle(), `${bodyMsg}\n${url}\n${formatStamp(now())}`);
        } else {
          deps.ui.toast(msg);
        }
      });
    }
    if (code !== 1) {
      const msg = bodyMsg || t('error.internal');
      return failure(msg, { status, code, ...details }, () => {
        deps.ui.toast(msg);
      });
    }
    const parsed = o.schema.safeParse(body?.data);
    if (!parsed.success) {
      const msg = t('error.internal');
      return failure(msg, { status, code: 0 }, () => {
        deps.ui.toast(msg);
      });
    }
    return { ok: true, value: parsed.data };
  }

  async function request<S extends z.ZodType>(o: RequestOptions<S>): Promise<z.infer<S>> {
    if (!o.path) throw new ApiError('missing URL', { status: 0, code: 0 });
    if (o.task !== undefined) {
      if (tasks.has(o.task)) {
        const msg = t('v.tooFrequent');
        deps.ui.toast(msg);
        throw new ApiError(msg, { status: 0, code: 0 });
      }
      tasks.add(o.task);
    }
    begin();
    let outcome: Outcome<z.infer<S>>;
    try {
      outcome = await perform(o);
    } finally {
      end();
      if (o.task !== undefined) tasks.delete(o.task);
    }
    if (outcome.ok) return outcome.value;
    if (!o.silent) outcome.show();
    throw outcome.error;
  }

  function askLogin() {
    if (loginDialogOpen) return;
    loginDialogOpen = true;
    void deps.ui
      .confirmLogin(t('ui.tips'), t('error.login_required'))
      .then((confirmed) => {
        if (confirmed) deps.goLogin();
      })
      .finally(() => {
        loginDialogOpen = false;
      });
  }

  async function upload(endpoint: JsonEndpoint, file: Blob, filename?: string): Promise<UploadData> {
    const form = new FormData();
    const name = filename ?? (file instanceof File ? file.name : 'image');
    form.append('file', file, name);
    const url = `${origin}${endpoint.path}`;
    begin();
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send(url, { method: 'POST', headers: headers(false), body: form });
    } finally {
      end();
    }
    const failed = t('error.upload_failed');
    if (result.kind !== 'response') {
      deps.ui.toast(failed);
      throw new ApiError(failed, { status: 0, code: 0 });
    }
    const { status, body } = result;
    const code = typeof body?.code === 'number' ? body.code : 0;
    const bodyMsg = typeof body?.msg === 'string' ? body.msg : '';
    if (status === 401 || code === 401) {
      deps.removeToken();
      askLogin();
      throw new ApiError(t('error.login_required'), { status, code, ...failureDetails(body) });
    }
    if (code === 1) {
      const data = body?.data;
      if (isUploadData(data)) return { url: data.url, fullurl: data.fullurl };
      deps.ui.toast(failed);
      throw new ApiError(failed, { status, code: 0 });
    }
    const msg = body && bodyMsg ? bodyMsg : failed;
    deps.ui.toast(msg);
    throw new ApiError(msg, { status, code, ...failureDetails(body) });
  }

  function call<E extends JsonEndpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointData<E>> {
    return request({
      path: endpoint.path,
      method: endpoint.method,
      data: input,
      schema: endpoint.data,
      ...options,
    }) as Promise<EndpointData<E>>;
  }

  return { call, upload };
}
