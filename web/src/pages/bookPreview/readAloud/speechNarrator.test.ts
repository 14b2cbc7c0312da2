import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { NarrationEvent, NarrationItem } from './narration';
import { SpeechNarrator } from './speechNarrator';
import { browserSpeech, speakable, UTTERANCE_MAX, voiceFor, type SpeechVoice } from './speechProvider';

/** The browser's speech synthesis as a test drives it: what was said, and its end when the test says so. */
class FakeUtterance {
  lang = '';
  rate = 1;
  voice: { voiceURI: string } | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onboundary: ((e: { charIndex: number }) => void) | null = null;
  constructor(readonly text: string) {}
}

class FakeSynthesis {
  spoken: FakeUtterance[] = [];
  current: FakeUtterance | null = null;
  paused = false;
  voices = [
    { voiceURI: 'zh-1', name: 'Tingting', lang: 'zh-CN', localService: true },
    { voiceURI: 'zh-2', name: 'Meijia', lang: 'zh-TW', localService: true },
    { voiceURI: 'en-1', name: 'Samantha', lang: 'en-US', localService: true },
  ];
  getVoices = () => this.voices;
  speak(u: FakeUtterance) {
    this.spoken.push(u);
    this.current = u;
  }
  cancel() {
    // As Chrome does: the utterance cut off reports an 'interrupted' error.
    const cut = this.current;
    this.current = null;
    cut?.onerror?.({ error: 'interrupted' });
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  addEventListener() {}
  removeEventListener() {}
  /** The utterance being said reaches its end. */
  finish() {
    const u = this.current!;
    this.current = null;
    u.onend?.();
  }
}

let synth: FakeSynthesis;
const globals = globalThis as unknown as Record<string, unknown>;
beforeEach(() => {
  synth = new FakeSynthesis();
  globals.window = { speechSynthesis: synth };
  globals.SpeechSynthesisUtterance = FakeUtterance;
});
afterEach(() => {
  delete globals.window;
  delete globals.SpeechSynthesisUtterance;
});

const item = (id: string, text: string, lang?: string) => ({ id, text, lang, range: {} }) as NarrationItem;

function narrate(items: NarrationItem[], voice?: string) {
  const narrator = new SpeechNarrator(items, { provider: browserSpeech(), rate: 1, lang: 'zh-CN', voice });
  const events: NarrationEvent[] = [];
  narrator.subscribe((e) => events.push(e));
  return { narrator, events };
}

describe('speech narrator', () => {
  test('says the items one after another in their languages, then ends', () => {
    const { narrator, events } = narrate([item('s0', '第一句。'), item('s1', 'Second one.', 'en'), item('s2', '三。')]);
    narrator.play(0);
    expect(synth.current?.text).toBe('第一句。');
    expect(synth.current?.lang).toBe('zh-CN');
    expect(synth.current?.voice?.voiceURI).toBe('zh-1');
    synth.finish();
    expect(synth.current?.text).toBe('Second one.');
    expect(synth.current?.voice?.voiceURI).toBe('en-1');
    synth.finish();
    synth.finish();
    expect(events).toEqual([
      { type: 'item', index: 0 },
      { type: 'item', index: 1 },
      { type: 'item', index: 2 },
      { type: 'end' },
    ]);
  });

  test('pause, resume, a jump and a new speed; a cut-off sentence is no error', () => {
    const { narrator, events } = narrate([item('s0', '一。'), item('s1', '二。'), item('s2', '三。')]);
    narrator.play(0);
    narrator.pause();
    expect(synth.current).toBeNull();
    // Resumed: the sentence again from its start.
    narrator.resume();
    expect(synth.current?.text).toBe('一。');
    expect(synth.spoken.map((u) => u.text)).toEqual(['一。', '一。']);
    narrator.play(2);
    expect(synth.current?.text).toBe('三。');
    narrator.setRate(5);
    expect(synth.current?.rate).toBe(2);
    expect(synth.current?.text).toBe('三。');
    narrator.setRate(0.1);
    expect(synth.current?.rate).toBe(0.75);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(events.slice(0, 4)).toEqual([
      { type: 'item', index: 0 },
      { type: 'pause' },
      { type: 'resume' },
      { type: 'item', index: 2 },
    ]);
    narrator.stop();
    expect(synth.current).toBeNull();
  });

  test("the reader's voice speaks its own language only", () => {
    const { narrator } = narrate([item('s0', '一。'), item('s1', 'Two.', 'en-GB')], 'zh-2');
    narrator.play(0);
    expect(synth.current?.voice?.voiceURI).toBe('zh-2');
    synth.finish();
    expect(synth.current?.voice?.voiceURI).toBe('en-1');
  });

  test('a long sentence is said in parts cut at its clauses, one item all the same', () => {
    const clause = '这是一个相当长的分句，'.repeat(20);
    const { narrator, events } = narrate([item('s0', clause), item('s1', '短句。')]);
    narrator.play(0);
    synth.finish();
    expect(synth.current?.text).not.toBe('短句。');
    while (synth.current && synth.current.text !== '短句。') synth.finish();
    const parts = synth.spoken.slice(0, -1).map((u) => u.text);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(clause);
    expect(parts.every((p) => p.length <= UTTERANCE_MAX && p.endsWith('，'))).toBe(true);
    expect(events).toEqual([
      { type: 'item', index: 0 },
      { type: 'item', index: 1 },
    ]);
  });

  test('a device without speech says so', () => {
    delete globals.SpeechSynthesisUtterance;
    const { narrator, events } = narrate([item('s0', '一。')]);
    narrator.play(0);
    expect(events).toEqual([{ type: 'error', cause: 'unsupported' }]);
  });
});

describe('utterances of a sentence', () => {
  test('short ones whole; long ones cut at a clause mark, or at the limit without one', () => {
    expect(speakable('短句。')).toEqual(['短句。']);
    const plain = 'a'.repeat(UTTERANCE_MAX * 2 + 5);
    expect(speakable(plain).map((p) => p.length)).toEqual([UTTERANCE_MAX, UTTERANCE_MAX, 5]);
    const english = 'word '.repeat(20) + 'then, ' + 'more '.repeat(30);
    expect(speakable(english)[0]!.endsWith('then, ')).toBe(true);
    expect(speakable(english).join('')).toBe(english);
  });
});

describe('voice for a language', () => {
  const v = (id: string, lang: string, local = true): SpeechVoice => ({ id, name: id, lang, local });
  const voices = [v('tw', 'zh-TW'), v('cn-net', 'zh-CN', false), v('cn', 'zh-CN'), v('us', 'en-US'), v('gb', 'en-GB')];
  test('exact tag, then zh-CN for Chinese, on-device first; the chosen one when it fits', () => {
    expect(voiceFor(voices, 'zh-CN')?.id).toBe('cn');
    expect(voiceFor(voices, 'zh')?.id).toBe('cn');
    expect(voiceFor(voices, 'zh-Hans')?.id).toBe('cn');
    expect(voiceFor(voices, 'en-GB')?.id).toBe('gb');
    expect(voiceFor(voices, 'en', 'us')?.id).toBe('us');
    expect(voiceFor(voices, 'zh-CN', 'us')?.id).toBe('cn');
    expect(voiceFor(voices, 'fr')).toBeNull();
  });
});
