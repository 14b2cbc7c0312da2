import { ReaderMsg, type TransResult } from '@textbook/contracts';
import { providerNamed } from '../../adapters/translate/index.js';
import { hasCjk } from '../../adapters/translate/dictionary.js';
import type { AppContext } from '../../http/context.js';

/** A word or short phrase is looked up; longer text is a sentence for the provider. */
function isWord(text: string): boolean {
  if (hasCjk(text)) return [...text].length <= 8 && !/[，。！？；：、,.!?;:]/.test(text);
  return text.split(/\s+/).length <= 3;
}

export async function translate(ctx: AppContext, text: string, to: 'auto' | 'en' | 'zh'): Promise<TransResult> {
  const target = to === 'auto' ? (hasCjk(text) ? 'en' : 'zh') : to;
  if (isWord(text)) {
    const { entries, source } = await ctx.workers.run('lookup', text);
    return { text, kind: 'word', entries, translation: null, provider: source, message: null };
  }
  const provider = providerNamed(ctx.config.translateProvider);
  // Without a provider a Chinese sentence still gets its words from the dictionary.
  const entries = hasCjk(text) ? (await ctx.workers.run('lookup', text)).entries : [];
  if (!provider) {
    return { text, kind: 'sentence', entries, translation: null, provider: null, message: ReaderMsg.NO_PROVIDER };
  }
  return {
    text,
    kind: 'sentence',
    entries,
    translation: await provider.translate(text, target),
    provider: provider.name,
    message: null,
  };
}
