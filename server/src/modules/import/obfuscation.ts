import { createHash } from 'node:crypto';
import { resolveInBook } from './paths.js';
import { attr, descendants, parseXml } from './xml.js';

const IDPF_FONT = 'http://www.idpf.org/2008/embedding';
const IDPF_BYTES = 1040;

/** Paths of fonts obfuscated with the IDPF algorithm (META-INF/encryption.xml). */
export function obfuscatedFonts(encryptionXml: string): string[] {
  try {
    const doc = parseXml(encryptionXml, { zh: '加密声明', en: 'encryption declaration' });
    return descendants(doc, 'EncryptedData')
      .filter((data) => descendants(data, 'EncryptionMethod').some((m) => attr(m, 'Algorithm') === IDPF_FONT))
      .flatMap((data) => descendants(data, 'CipherReference').map((ref) => attr(ref, 'URI') ?? ''))
      .map((uri) => resolveInBook('', uri))
      .filter((p): p is string => Boolean(p));
  } catch {
    return [];
  }
}

/**
 * Undoes IDPF font obfuscation: the first 1040 bytes are XORed with the SHA-1 of the book's unique
 * identifier (whitespace removed). Stored fonts are then plain and the reader needs no key.
 */
export function deobfuscateFont(bytes: Uint8Array, uniqueIdentifier: string): Uint8Array {
  const key = createHash('sha1')
    .update(uniqueIdentifier.replace(/[ \t\r\n]/g, ''), 'utf8')
    .digest();
  const out = new Uint8Array(bytes);
  for (let i = 0; i < Math.min(IDPF_BYTES, out.length); i++) out[i] = out[i]! ^ key[i % key.length]!;
  return out;
}
