/** Codes the spec uses for failed lazy chunks (§8 resource loading). */
export const CHUNK_LOAD_ERROR = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

const RELOADED_KEY = 'chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

export function chunkErrorCode(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /css/i.test(message) ? CSS_CHUNK_LOAD_FAILED : CHUNK_LOAD_ERROR;
}

/**
 * Reports a failed chunk and reloads the page once (a new deployment replaced the old hashed files).
 * Returns false when a reload already happened recently, so the caller shows an error instead of looping.
 */
export function recoverFromChunkError(error: unknown): boolean {
  console.error(`[${chunkErrorCode(error)}]`, error);
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** Vite signals a failed preload of a lazy chunk's script or stylesheet with this event. */
export function installChunkErrorRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    recoverFromChunkError((event as Event & { payload?: unknown }).payload ?? new Error('ChunkLoadError'));
  });
}
