import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { translate, uploadEndpoints, type JsonEndpoint } from '@petheart/contracts';
import { ApiError } from './errors';
import { createApiClient, type ApiClientDeps } from './client';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(over: Partial<ApiClientDeps> = {}) {
  const fetchMock: FetchMock = vi.fn<typeof fetch>();
  const ui = {
    toast: vi.fn<(m: string) => void>(),
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    serverError: vi.fn<(title: string, content: string) => void>(),
    confirmLogin: vi.fn<(title: string, content: string) => Promise<boolean>>(() => Promise.resolve(true)),
  };
  let token: string | null = 'tok-1';
  const removeToken = vi.fn(() => {
    token = null;
  });
  const goLogin = vi.fn();
  const deps: ApiClientDeps = {
    ui,
    fetch: fetchMock,
    getToken: () => token,
    removeToken,
    getLocale: () => 'en',
    // the app reads its i18next `messages` namespace; the contracts catalogue gives the same texts
    translate: (key) => translate(deps.getLocale(), key),
    goLogin,
    pageTitle: () => 'Wallet',
    now: () => new Date(2024, 0, 2, 3, 4, 5),
    ...over,
  };
  const client = createApiClient(deps);
  return { client, fetchMock, ui, removeToken, goLogin, getToken: () => token };
}

const Data = z.object({ n: z.number() });

/** An endpoint as packages/contracts defines them, here with any input and `Data` as its data. */
function ep(path: string, method: 'GET' | 'POST' = 'POST'): JsonEndpoint<z.ZodUnknown, typeof Data> {
  return {
    kind: 'json',
    method,
    path: `/api${path}` as `/api/${string}`,
    auth: 'none',
    tag: 'test',
    input: z.unknown(),
    data: Data,
  };
}

describe('api client: request', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON to /api<path> with token and lang headers and resolves with the parsed data', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json(200, { code: 1, msg: '', time: 1, data: { n: 5, extra: true } }));
    await expect(client.call(ep('/x/y'), { a: 1 })).resolves.toEqual({ n: 5 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/x/y');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ token: 'tok-1', lang: 'en', 'content-type': 'application/json' });
  });

  it('sends GET data as a query string and an empty token header when logged out', async () => {
    const { client, fetchMock } = setup({ getToken: () => null });
    fetchMock.mockResolvedValue(json(200, { code: 1, msg: '', time: 1, data: { n: 1 } }));
    await client.call(ep('/user/index', 'GET'), { page: 2, limit: 10 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/index?page=2&limit=10');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ token: '' });
  });

  it('rejects code 0 with the body msg toasted and the error id and fields kept', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(
      json(400, {
        code: 0,
        msg: 'Incorrect account or password',
        time: 1,
        data: { error: 'invalid_credentials', fields: [{ path: 'account', message: 'x' }] },
      }),
    );
    const error = await client.call(ep('/user/login')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 0,
      errorId: 'invalid_credentials',
      fields: [{ path: 'account', message: 'x' }],
      message: 'Incorrect account or password',
    });
    expect(ui.toast).toHaveBeenCalledWith('Incorrect account or password');
  });

  it('treats HTTP 200 with code 0 as a failure too', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(200, { code: 0, msg: 'nope', time: 1, data: null }));
    await expect(client.call(ep('/a'))).rejects.toThrow('nope');
    expect(ui.toast).toHaveBeenCalledWith('nope');
  });

  it('401: toasts "Login expired" and removes the token', async () => {
    const { client, fetchMock, ui, removeToken, getToken } = setup();
    fetchMock.mockResolvedValue(
      json(401, { code: 0, msg: 'Please log in first', time: 1, data: { error: 'login_required' } }),
    );
    await expect(client.call(ep('/user/index'))).rejects.toMatchObject({ status: 401 });
    expect(ui.toast).toHaveBeenCalledWith('Login expired');
    expect(removeToken).toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('404: toasts "404"', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(404, { code: 0, msg: '404', time: 1, data: { error: 'not_found' } }));
    await expect(client.call(ep('/nope'))).rejects.toMatchObject({ status: 404 });
    expect(ui.toast).toHaveBeenCalledWith('404');
  });

  it('500: a dialog titled with the page h1 holding the error text, the API path and a date', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(500, { code: 0, msg: 'Server busy', time: 1, data: { error: 'internal' } }));
    await expect(client.call(ep('/balance/Recharge'))).rejects.toMatchObject({ status: 500 });
    expect(ui.serverError).toHaveBeenCalledWith('Wallet', 'Server busy\n/api/balance/Recharge\n2024-01-02 03:04:05');
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('500 with an unreadable body falls back to the toast', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.call(ep('/a'))).rejects.toBeInstanceOf(ApiError);
    expect(ui.serverError).not.toHaveBeenCalled();
    expect(ui.toast).toHaveBeenCalledWith('Server busy, please try again later');
  });

  it('a network failure toasts the network message', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client.call(ep('/a'))).rejects.toMatchObject({ status: 0 });
    expect(ui.toast).toHaveBeenCalledWith('Network failure, please check your connection');
  });

  it('times out after 60 s with "Timeout" (the request is aborted)', async () => {
    vi.useFakeTimers();
    const { client, fetchMock, ui } = setup();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    });
    const result = client.call(ep('/slow')).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ message: 'Timeout', status: 0 });
    expect(ui.toast).toHaveBeenCalledWith('Timeout');
  });

  it('silent: rejects without any UI', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(400, { code: 0, msg: 'bad', time: 1, data: { error: 'validation_failed' } }));
    await expect(client.call(ep('/a'), undefined, { silent: true })).rejects.toThrow('bad');
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('a response that does not match the schema is rejected', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json(200, { code: 1, msg: '', time: 1, data: { n: 'five' } }));
    await expect(client.call(ep('/a'))).rejects.toBeInstanceOf(ApiError);
  });

  it('rejects a call without a path (missing URL) without sending', async () => {
    const { client, fetchMock } = setup();
    const noPath = { ...ep('/a'), path: '' } as unknown as ReturnType<typeof ep>;
    await expect(client.call(noPath)).rejects.toThrow('missing URL');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('api client: task guard', () => {
  it('refuses a second call of the same task while the first runs, and allows it afterwards', async () => {
    const { client, fetchMock, ui } = setup({ getLocale: () => 'zh-CN' });
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const first = client.call(ep('/feed'), undefined, { task: 'feed' });
    await expect(client.call(ep('/feed'), undefined, { task: 'feed' })).rejects.toThrow('请勿频繁操作');
    expect(ui.toast).toHaveBeenCalledWith('请勿频繁操作');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // another task runs meanwhile
    fetchMock.mockResolvedValueOnce(json(200, { code: 1, msg: '', time: 1, data: { n: 2 } }));
    await expect(client.call(ep('/other'), undefined, { task: 'other' })).resolves.toEqual({ n: 2 });
    release(json(200, { code: 1, msg: '', time: 1, data: { n: 1 } }));
    await expect(first).resolves.toEqual({ n: 1 });
    fetchMock.mockResolvedValueOnce(json(200, { code: 1, msg: '', time: 1, data: { n: 3 } }));
    await expect(client.call(ep('/feed'), undefined, { task: 'feed' })).resolves.toEqual({ n: 3 });
  });

  it('frees the task after a failure', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json(400, { code: 0, msg: 'bad', time: 1, data: { error: 'validation_failed' } }));
    await expect(client.call(ep('/a'), undefined, { task: 't' })).rejects.toThrow('bad');
    fetchMock.mockResolvedValueOnce(json(200, { code: 1, msg: '', time: 1, data: { n: 1 } }));
    await expect(client.call(ep('/a'), undefined, { task: 't' })).resolves.toEqual({ n: 1 });
  });
});

describe('api client: loading indicator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears only after 1 s of pending requests and hides when all finish', async () => {
    const { client, fetchMock, ui } = setup();
    const releases: ((r: Response) => void)[] = [];
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          releases.push(resolve);
        }),
    );
    const a = client.call(ep('/a'));
    await vi.advanceTimersByTimeAsync(600);
    const b = client.call(ep('/b'));
    await vi.advanceTimersByTimeAsync(399);
    expect(ui.showLoading).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ui.showLoading).toHaveBeenCalledTimes(1);
    releases[0]?.(json(200, { code: 1, msg: '', time: 1, data: { n: 1 } }));
    await a;
    expect(ui.hideLoading).not.toHaveBeenCalled();
    releases[1]?.(json(200, { code: 1, msg: '', time: 1, data: { n: 2 } }));
    await b;
    expect(ui.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('never shows for requests that finish within 1 s', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(200, { code: 1, msg: '', time: 1, data: { n: 1 } }));
    await client.call(ep('/a'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ui.showLoading).not.toHaveBeenCalled();
    expect(ui.hideLoading).not.toHaveBeenCalled();
  });
});

describe('api client: upload', () => {
  const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

  it('sends multipart field `file` to /api/common/upload and resolves with url and fullurl', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      json(200, { code: 1, msg: '', time: 1, data: { url: '/uploads/a.jpg', fullurl: 'http://h/uploads/a.jpg' } }),
    );
    await expect(client.upload(uploadEndpoints.upload, file, 'a.jpg')).resolves.toEqual({
      url: '/uploads/a.jpg',
      fullurl: 'http://h/uploads/a.jpg',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/common/upload');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(init?.headers).toMatchObject({ token: 'tok-1' });
    expect(init?.headers).not.toHaveProperty('content-type');
  });

  it('401: one "tips" / "Please log in first" dialog at a time, then login on confirm', async () => {
    const { client, fetchMock, ui, goLogin } = setup();
    let confirm: (v: boolean) => void = () => undefined;
    ui.confirmLogin.mockImplementation(
      () =>
        new Promise<boolean>((resolve) => {
          confirm = resolve;
        }),
    );
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(401, { code: 0, msg: 'Please log in first', time: 1, data: { error: 'login_required' } })),
    );
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toMatchObject({ status: 401 });
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toMatchObject({ status: 401 });
    expect(ui.confirmLogin).toHaveBeenCalledTimes(1);
    expect(ui.confirmLogin).toHaveBeenCalledWith('Tips', 'Please log in first');
    confirm(true);
    await vi.waitFor(() => {
      expect(goLogin).toHaveBeenCalledTimes(1);
    });
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toMatchObject({ status: 401 });
    expect(ui.confirmLogin).toHaveBeenCalledTimes(2);
  });

  it('code 0: the msg is toasted; a transport failure toasts "Upload failed"', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValueOnce(
      json(415, {
        code: 0,
        msg: 'Only JPEG, PNG or WebP images can be uploaded',
        time: 1,
        data: { error: 'upload_invalid_type' },
      }),
    );
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toMatchObject({ errorId: 'upload_invalid_type' });
    expect(ui.toast).toHaveBeenLastCalledWith('Only JPEG, PNG or WebP images can be uploaded');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toBeInstanceOf(ApiError);
    expect(ui.toast).toHaveBeenLastCalledWith('Upload failed');
  });

  it('a success without url is an "Upload failed"', async () => {
    const { client, fetchMock, ui } = setup();
    fetchMock.mockResolvedValue(json(200, { code: 1, msg: '', time: 1, data: {} }));
    await expect(client.upload(uploadEndpoints.upload, file)).rejects.toBeInstanceOf(ApiError);
    expect(ui.toast).toHaveBeenCalledWith('Upload failed');
  });
});
