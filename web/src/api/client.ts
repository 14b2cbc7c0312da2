import { CLIENT_HEADER, ClientKind, Code, Limits, Msg, PASS_THROUGH_CODES, type Envelope } from '@textbook/contracts';

/** How the client shows things; the app wires antd in, tests wire fakes. */
export interface ClientUi {
  /** A short error toast (code 500 messages, transport errors, duplicate submits). */
  error(msg: string): void;
  /** A notification (other non-200 codes). */
  notify(msg: string): void;
  /** A notice that is not an error (who is logged in after a single sign-on return); not used by the calls. */
  info?(msg: string): void;
  /** The re-login confirm; resolves true when the user chooses to log in again. */
  confirmRelogin(msg: string): Promise<boolean>;
}

export interface ClientOptions {
  ui: ClientUi;
  /**
   * Which session cookie the calls mean (sent as the client header, which is also the CSRF proof of cookie
   * writes): the member's by default, the staff console's for its pages. The browser sends the HttpOnly cookie.
   */
  session?: ClientKind;
  /** A bearer token, for callers that hold one (tests, tools); the web app relies on its cookies. */
  getToken?(): string | undefined;
  /** Called when the user accepts re-login after a 401 (goes to single sign-on). */
  onRelogin(): void;
  fetchImpl?: typeof fetch;
  /** An answer already in hand for a GET of this address (the server's visitor page carries some). */
  prefetched?(url: string): unknown;
  timeoutMs?: number;
  duplicateWindowMs?: number;
  now?: () => number;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  /**
   * `true`: show nothing for this call's failures (the caller handles them). `'toasts'`: no toasts, but a 401
   * still asks to log in again (background refreshes such as the notice badge).
   */
  silent?: boolean | 'toasts';
  /** Set by `request`, which shares a repeated submit's answer instead of refusing it. */
  duplicateChecked?: boolean;
}

/** A failed call: `code` is the envelope code (or 0 for transport failures), `data` the envelope data. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}

export function toQueryString(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The one HTTP client of the web app, implementing spec §8 and §9: session cookie (with the client header that
 * proves the call comes from the site's own pages), GET params as a query
 * string, 300000 ms timeout, a single re-login confirm for any number of concurrent 401s, server
 * messages for code 500, pass-through of 601/501/502, notifications for other codes, transport messages,
 * duplicate-submit refusal and blob downloads that show the server's message when they fail.
 */
export function createApiClient(options: ClientOptions) {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? Limits.REQUEST_TIMEOUT_MS;
  const duplicateWindowMs = options.duplicateWindowMs ?? Limits.DUPLICATE_SUBMIT_WINDOW_MS;
  const now = options.now ?? (() => Date.now());
  let reloginOpen = false;
  const recentSubmits = new Map<string, number>();
  /** A user's submits of the last window, by method, URL and body: their answers, while pending or after success. */
  const sharedSubmits = new Map<string, { at: number; answer: Promise<Envelope<unknown>> }>();

  function fail(
    msg: string,
    code: number,
    data: unknown,
    show: 'error' | 'notify' | 'none',
    silent?: RequestOptions['silent'],
  ): never {
    if (!silent && show === 'error') options.ui.error(msg);
    if (!silent && show === 'notify') options.ui.notify(msg);
    throw new ApiError(msg, code, data);
  }

  function askRelogin(): void {
    if (reloginOpen) return;
    reloginOpen = true;
    options.ui
      .confirmRelogin(Msg.SESSION_EXPIRED)
      .then((yes) => {
        if (yes) options.onRelogin();
      })
      .finally(() => {
        reloginOpen = false;
      });
  }

  /** Refuses a user's identical submit repeated within the window (background calls pass `silent`). */
  function guardDuplicate(method: string, url: string, body: unknown, silent: RequestOptions['silent']): void {
    if (method === 'GET' || silent) return;
    const key = `${method} ${url} ${JSON.stringify(body ?? null)}`;
    const at = now();
    const last = recentSubmits.get(key);
    if (last !== undefined && at - last < duplicateWindowMs) {
      fail(Msg.DUPLICATE_SUBMIT, 0, null, 'error');
    }
    recentSubmits.set(key, at);
    if (recentSubmits.size > 100) {
      for (const [k, t] of recentSubmits) if (at - t >= duplicateWindowMs) recentSubmits.delete(k);
    }
  }

  async function send(method: string, url: string, opts: RequestOptions, accept: string): Promise<Response> {
    const fullUrl = url + toQueryString(opts.params);
    const inHand = method === 'GET' ? options.prefetched?.(fullUrl) : undefined;
    if (inHand !== undefined) {
      return new Response(JSON.stringify(inHand), { headers: { 'content-type': 'application/json' } });
    }
    if (!opts.duplicateChecked) guardDuplicate(method, fullUrl, opts.body, opts.silent);
    const headers: Record<string, string> = { accept, [CLIENT_HEADER]: options.session ?? ClientKind.MEMBER };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await fetchImpl(fullUrl, { method, headers, body, signal: controller.signal });
    } catch {
      if (controller.signal.aborted) fail(Msg.TIMEOUT, 0, null, 'error', opts.silent);
      fail(Msg.NETWORK, 0, null, 'error', opts.silent);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Applies the §8 table to an envelope; resolves for 200 and the pass-through codes. */
  function judge<T>(envelope: Envelope<T>, silent?: RequestOptions['silent']): Envelope<T> {
    const { code, msg } = envelope;
    if (code === Code.OK || PASS_THROUGH_CODES.includes(code)) return envelope;
    if (code === Code.UNAUTHORIZED) {
      if (silent !== true) askRelogin();
      throw new ApiError(msg || Msg.UNAUTHORIZED, code, envelope.data);
    }
    if (code === Code.REFUSED) fail(msg || Msg.UNKNOWN, code, envelope.data, 'error', silent);
    fail(msg || Msg.GENERIC, code, envelope.data, 'notify', silent);
  }

  async function parse<T>(response: Response, silent?: RequestOptions['silent']): Promise<Envelope<T>> {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    if (!isEnvelope(payload)) {
      fail(response.ok ? Msg.GENERIC : Msg.HTTP_STATUS(response.status), 0, null, 'error', silent);
    }
    return judge(payload as Envelope<T>, silent);
  }

  async function exchange<T>(method: string, url: string, opts: RequestOptions): Promise<Envelope<T>> {
    const response = await send(method, url, opts, 'application/json');
    return parse<T>(response, opts.silent);
  }

  /**
   * The whole envelope: 200 and the pass-through codes (601, 501, 502) resolve; the rest reject.
   *
   * A user's identical submit repeated within the window (a double click on 确定) sends nothing: it answers
   * what the first one answers, silently, so a success is not followed by an error toast. A submit whose
   * first try failed may be tried again at once.
   */
  function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
    if (method === 'GET' || opts.silent || opts.body instanceof FormData) return exchange<T>(method, url, opts);
    const key = `${method} ${url}${toQueryString(opts.params)} ${JSON.stringify(opts.body ?? null)}`;
    const at = now();
    const first = sharedSubmits.get(key);
    if (first && at - first.at < duplicateWindowMs) return first.answer as Promise<Envelope<T>>;
    const answer = exchange<T>(method, url, { ...opts, duplicateChecked: true });
    sharedSubmits.set(key, { at, answer });
    answer.catch(() => {
      if (sharedSubmits.get(key)?.answer === answer) sharedSubmits.delete(key);
    });
    if (sharedSubmits.size > 100) {
      for (const [k, s] of sharedSubmits) if (at - s.at >= duplicateWindowMs) sharedSubmits.delete(k);
    }
    return answer;
  }

  /** Just the data of a code-200 answer; pass-through codes reject quietly with their data. */
  async function data<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
    const envelope = await request<T>(method, url, opts);
    if (envelope.code !== Code.OK) throw new ApiError(envelope.msg, envelope.code, envelope.data);
    return envelope.data;
  }

  /** A file download; a failure shows the server's msg (spec §8 blob rule). */
  async function download(
    method: string,
    url: string,
    opts: RequestOptions = {},
  ): Promise<{ blob: Blob; filename: string }> {
    const response = await send(method, url, opts, '*/*');
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const envelope = await parse<unknown>(response, opts.silent);
      fail(envelope.msg || Msg.GENERIC, envelope.code, envelope.data, 'error', opts.silent);
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
    const filename = decodeURIComponent(match?.[1] ?? match?.[2] ?? 'download');
    return { blob: await response.blob(), filename };
  }

  return {
    request,
    get: <T>(url: string, params?: Params, opts: Omit<RequestOptions, 'params'> = {}) =>
      data<T>('GET', url, { ...opts, params }),
    post: <T>(url: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
      data<T>('POST', url, { ...opts, body }),
    put: <T>(url: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
      data<T>('PUT', url, { ...opts, body }),
    delete: <T>(url: string, params?: Params, opts: Omit<RequestOptions, 'params'> = {}) =>
      data<T>('DELETE', url, { ...opts, params }),
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
