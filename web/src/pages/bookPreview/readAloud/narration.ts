// The seam between the reader's read-aloud player and what makes the sound: the browser's speech synthesis for
// every book, or an EPUB media overlay's recorded audio where the chapter has one. The player (controls, mini
// player, Media Session, keys) drives a Narrator and highlights what it says is being read.

/** One stretch read aloud: a sentence (speech) or an overlay `par` (audio), highlighted while it plays. */
export interface NarrationItem {
  /** Stable within the chapter: the overlay's text fragment id, or `s<n>` for the n-th sentence. */
  id: string;
  /** What is highlighted and kept on screen while the item plays. */
  range: Range;
  /** Plain text of the item (spoken by speech synthesis; shown to the Media Session). */
  text: string;
  /** BCP 47 language of the item (the element's, else the book's). */
  lang?: string;
  /** Skippable (page numbers, notes) or escapable (tables, sidebars) structure, from the overlay's epub:type. */
  skippable?: boolean;
  escapable?: boolean;
}

export type NarrationEvent =
  | { type: 'item'; index: number }
  | { type: 'pause' }
  | { type: 'resume' }
  /** The chapter's narration ran out: the player moves to the next chapter the reader may read. */
  | { type: 'end' }
  /** What went wrong, for the player to choose its words (`unsupported`: no voice on the device). */
  | { type: 'error'; cause: string };

/** Makes the sound for one chapter's items. */
export interface Narrator {
  readonly kind: 'speech' | 'overlay';
  readonly items: readonly NarrationItem[];
  /** Starts (or restarts) at item `index`. */
  play(index: number): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** 0.75–2. */
  setRate(rate: number): void;
  /** Overlay audio: the clock of the current clip in seconds (journeys check the highlight against it). */
  currentTime?(): number;
  subscribe(listener: (event: NarrationEvent) => void): () => void;
}
