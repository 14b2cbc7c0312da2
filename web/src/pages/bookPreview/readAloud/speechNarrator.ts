// A Narrator that says a chapter's sentences one after another through a SpeechProvider (the browser's speech
// synthesis by default), each in its own language's voice.
import type { NarrationEvent, NarrationItem, Narrator } from './narration';
import { voiceFor, type SpeechProvider } from './speechProvider';

export const MIN_RATE = 0.75;
export const MAX_RATE = 2;
export const clampRate = (rate: number) => Math.min(MAX_RATE, Math.max(MIN_RATE, Number(rate) || 1));

export interface SpeechNarratorOptions {
  provider: SpeechProvider;
  rate: number;
  /** The reader's chosen voice (its id), used for text in its language. */
  voice?: string;
  /** The language of items without one (the book's). */
  lang: string;
}

export class SpeechNarrator implements Narrator {
  readonly kind = 'speech' as const;
  private listeners = new Set<(event: NarrationEvent) => void>();
  private index = -1;
  private state: 'idle' | 'playing' | 'paused' = 'idle';
  private rate: number;

  constructor(
    readonly items: readonly NarrationItem[],
    private readonly options: SpeechNarratorOptions,
  ) {
    this.rate = clampRate(options.rate);
  }

  subscribe(listener: (event: NarrationEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: NarrationEvent) {
    for (const l of [...this.listeners]) l(event);
  }

  play(index: number): void {
    const { provider } = this.options;
    if (!provider.supported()) {
      this.emit({ type: 'error', cause: 'unsupported' });
      return;
    }
    if (index >= this.items.length) {
      this.stop();
      this.emit({ type: 'end' });
      return;
    }
    const item = this.items[Math.max(0, index)]!;
    this.index = Math.max(0, index);
    this.state = 'playing';
    const lang = item.lang || this.options.lang;
    this.emit({ type: 'item', index: this.index });
    // A listener may have stopped this narrator or moved it on (another drawing of the chapter took over).
    const at = Math.max(0, index);
    if (this.state !== 'playing' || this.index !== at) return;
    provider.speak(
      { text: item.text, lang, rate: this.rate, voice: voiceFor(provider.voices(), lang, this.options.voice) },
      {
        onEnd: () => {
          if (this.index === at && this.state === 'playing') this.play(at + 1);
        },
        onError: (reason) => {
          this.state = 'idle';
          this.emit({ type: 'error', cause: reason });
        },
      },
    );
  }

  pause(): void {
    if (this.state !== 'playing') return;
    this.state = 'paused';
    this.options.provider.pause();
    this.emit({ type: 'pause' });
  }

  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'playing';
    this.options.provider.resume();
    this.emit({ type: 'resume' });
  }

  stop(): void {
    this.state = 'idle';
    this.options.provider.cancel();
  }

  /** A new speed: the sentence being said starts again at it (an utterance's rate is fixed once it speaks). */
  setRate(rate: number): void {
    this.rate = clampRate(rate);
    if (this.state === 'playing') this.play(this.index);
  }

  /** Another voice: likewise from the start of the sentence. */
  setVoice(voice: string): void {
    this.options.voice = voice;
    if (this.state === 'playing') this.play(this.index);
  }
}
