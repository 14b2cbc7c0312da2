// What speaks a sentence: the browser's speech synthesis by default. A cloud voice (for devices without a Chinese
// voice) is another SpeechProvider registered by name, as the server's sentence translators are
// (server/src/adapters/translate/index.ts): an HTTP client for a vendor's API that plays what it sends back. None
// is registered here; the reader uses the browser's voices.

/** A voice the reader can choose. */
export interface SpeechVoice {
  /** Unique within its provider (the browser's voiceURI). */
  id: string;
  name: string;
  /** BCP 47, e.g. zh-CN, en-US. */
  lang: string;
  /** On the device (no network needed). */
  local: boolean;
}

export interface SpeechRequest {
  text: string;
  lang: string;
  /** The voice to use (null: the provider's own choice for the language). */
  voice: SpeechVoice | null;
  /** 0.75–2. */
  rate: number;
}

/** What a provider tells about one request; none is called after `cancel`. */
export interface SpeechCallbacks {
  /** A word or sentence boundary: the character offset in the text being said. */
  onBoundary?(charIndex: number): void;
  onEnd(): void;
  onError(reason: string): void;
}

export interface SpeechProvider {
  readonly name: string;
  /** The provider can speak on this device at all. */
  supported(): boolean;
  /** The voices it has now (the browser's arrive a moment after the page loads). */
  voices(): SpeechVoice[];
  /** Calls back when the list of voices changes; answers the unsubscribe. */
  onVoicesChanged(listener: () => void): () => void;
  /** Says one thing, ending anything said before. */
  speak(request: SpeechRequest, callbacks: SpeechCallbacks): void;
  pause(): void;
  resume(): void;
  /** Stops at once; the request being said calls back nothing more. */
  cancel(): void;
}

/** The browser's speech synthesis (window.speechSynthesis). */
export function browserSpeech(): SpeechProvider {
  const synth = () => (typeof window !== 'undefined' ? window.speechSynthesis : undefined);
  const byId = new Map<string, SpeechSynthesisVoice>();
  /** The request being said: a cancelled one's late events (Chrome sends 'interrupted' errors) are ignored. */
  let live = 0;
  /** What was said last, said again from its start on resume. */
  let last: { request: SpeechRequest; callbacks: SpeechCallbacks } | null = null;
  return {
    name: 'browser',
    supported: () => Boolean(synth()) && typeof SpeechSynthesisUtterance !== 'undefined',
    voices() {
      const list = synth()?.getVoices() ?? [];
      byId.clear();
      return list.map((v) => {
        const id = v.voiceURI || v.name;
        byId.set(id, v);
        return { id, name: v.name, lang: v.lang.replace('_', '-'), local: v.localService };
      });
    },
    onVoicesChanged(listener) {
      const s = synth();
      if (!s) return () => undefined;
      s.addEventListener('voiceschanged', listener);
      return () => s.removeEventListener('voiceschanged', listener);
    },
    speak(request, callbacks) {
      const s = synth();
      if (!s) return callbacks.onError('unsupported');
      last = { request, callbacks };
      const mine = ++live;
      s.cancel();
      if (request.voice && !byId.size) this.voices();
      const voice = request.voice ? byId.get(request.voice.id) : undefined;
      const parts = speakable(request.text);
      let at = 0;
      const say = (part: number) => {
        const u = new SpeechSynthesisUtterance(parts[part]);
        u.lang = request.lang;
        u.rate = request.rate;
        if (voice) u.voice = voice;
        const offset = at;
        u.onboundary = (e) => {
          if (mine === live) callbacks.onBoundary?.(offset + e.charIndex);
        };
        u.onend = () => {
          if (mine !== live) return;
          at += parts[part]!.length;
          if (part + 1 < parts.length) say(part + 1);
          else callbacks.onEnd();
        };
        u.onerror = (e) => {
          if (mine !== live || e.error === 'interrupted' || e.error === 'canceled') return;
          callbacks.onError(e.error);
        };
        s.speak(u);
      };
      // A synthesis paused elsewhere keeps a new utterance waiting: playing means speaking.
      if (s.paused) s.resume();
      say(0);
    },
    // Pausing is stopping, and resuming says the sentence again from its start: speechSynthesis.pause() is cancel()
    // on Android and loses its place with network voices on desktop Chrome.
    pause() {
      live += 1;
      synth()?.cancel();
    },
    resume() {
      if (last) this.speak(last.request, last.callbacks);
    },
    cancel() {
      live += 1;
      last = null;
      synth()?.cancel();
    },
  };
}

/** Longest stretch one utterance says: Chrome's network voices stop some 15 seconds into an utterance. */
export const UTTERANCE_MAX = 120;

/**
 * A sentence as the utterances that say it: whole when short, else cut after the last clause mark (，；：、 , ; :)
 * that keeps a part within UTTERANCE_MAX characters, or at the limit where there is none.
 */
export function speakable(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > UTTERANCE_MAX) {
    const window = rest.slice(0, UTTERANCE_MAX);
    let cut = -1;
    for (const m of window.matchAll(/[，；：、,;:]\s*/g)) cut = m.index + m[0].length;
    if (cut < UTTERANCE_MAX / 4) cut = UTTERANCE_MAX;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) parts.push(rest);
  return parts;
}

const providers = new Map<string, SpeechProvider>();

/** Registers a provider by name (a cloud voice's client; tests with a local fake). */
export function registerSpeechProvider(provider: SpeechProvider): void {
  providers.set(provider.name, provider);
}

/** The provider of that name, else the browser's. */
export function speechProvider(name?: string): SpeechProvider {
  const found = name ? providers.get(name) : undefined;
  if (found) return found;
  let browser = providers.get('browser');
  if (!browser) {
    browser = browserSpeech();
    providers.set('browser', browser);
  }
  return browser;
}

/** The primary language of a tag: zh-Hans-CN → zh. */
export const primaryLang = (lang: string) => lang.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The voice for a language: the reader's chosen voice when it speaks that language, else one for the exact tag,
 * else for the same language (zh-CN before other Chinese voices, on-device before network ones); null: none.
 */
export function voiceFor(voices: readonly SpeechVoice[], lang: string, chosen?: string): SpeechVoice | null {
  const want = primaryLang(lang);
  const same = voices.filter((v) => primaryLang(v.lang) === want);
  const mine = same.find((v) => v.id === chosen);
  if (mine) return mine;
  const exact = lang.toLowerCase();
  const preferred = want === 'zh' ? 'zh-cn' : exact;
  const rank = (v: SpeechVoice) =>
    (v.lang.toLowerCase() === exact ? 0 : v.lang.toLowerCase() === preferred ? 1 : 2) * 2 + (v.local ? 0 : 1);
  return [...same].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
