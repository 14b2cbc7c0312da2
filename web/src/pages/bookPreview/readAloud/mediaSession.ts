// What plays, shown on a phone's lock screen and in the system's media controls (Media Session API), and those
// controls' play / pause / next / previous sentence.
import { useEffect, useRef } from 'react';

export interface MediaControls {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  stop(): void;
}

interface Options {
  /** The player is open (else the session is cleared). */
  active: boolean;
  playing: boolean;
  title: string;
  book: string;
  cover: string;
  controls: MediaControls;
}

export function useMediaSession({ active, playing, title, book, cover, controls }: Options): void {
  const latest = useRef(controls);
  useEffect(() => {
    latest.current = controls;
  });
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;

  useEffect(() => {
    if (!session || !active) return;
    const actions: [MediaSessionAction, () => void][] = [
      ['play', () => latest.current.play()],
      ['pause', () => latest.current.pause()],
      ['nexttrack', () => latest.current.next()],
      ['previoustrack', () => latest.current.previous()],
      ['stop', () => latest.current.stop()],
    ];
    for (const [action, handler] of actions) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of actions) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, [session, active]);

  useEffect(() => {
    if (!session || !active || typeof MediaMetadata === 'undefined') return;
    const artwork = cover ? [{ src: new URL(cover, location.href).href }] : [];
    session.metadata = new MediaMetadata({ title: title || book, artist: book, album: book, artwork });
  }, [session, active, title, book, cover]);

  useEffect(() => {
    if (session && active) session.playbackState = playing ? 'playing' : 'paused';
  }, [session, active, playing]);
}
