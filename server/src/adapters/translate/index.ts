/**
 * Sentence translation through a machine-translation provider. None is configured by default; a provider
 * (an HTTP client for a vendor's API) implements this interface and is chosen in config. Word and phrase
 * look-up never needs one: it uses the offline CC-CEDICT dictionary (dictionary.ts).
 */
export interface TranslationProvider {
  readonly name: string;
  translate(text: string, to: 'en' | 'zh'): Promise<string>;
}

const providers = new Map<string, TranslationProvider>();

/** Registers a provider by name (vendor clients, and tests with a local fake). */
export function registerProvider(provider: TranslationProvider): void {
  providers.set(provider.name, provider);
}

export function providerNamed(name: string | undefined): TranslationProvider | null {
  return name ? (providers.get(name) ?? null) : null;
}
