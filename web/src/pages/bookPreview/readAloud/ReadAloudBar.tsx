import {
  CloseOutlined,
  PauseOutlined,
  CaretRightOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { ReaderMsg } from '@textbook/contracts';
import { MAX_RATE, MIN_RATE } from './speechNarrator';
import type { ReadAloud } from './useReadAloud';
import './readAloud.css';

/** The speeds offered (0.75–2). */
export const RATES = [MIN_RATE, 1, 1.25, 1.5, 1.75, MAX_RATE];

interface Props {
  player: ReadAloud;
  rate: number;
  voice: string;
}

/** What the live region says: where the reading is, or why it stopped. */
function announcement(player: ReadAloud): string {
  if (player.message) return player.message;
  if (player.status === 'paused') return ReaderMsg.READ_ALOUD_PAUSED;
  if (player.status === 'playing' && player.index >= 0)
    return ReaderMsg.READ_ALOUD_PLAYING(player.index + 1, player.total);
  return '';
}

/**
 * The mini player: below the text while the reader turns pages, opens other chapters or the contents. Real buttons
 * with their names, keys as in the reader's settings (r play/pause, , . previous/next sentence), and a live region
 * that says what it does.
 */
export function ReadAloudBar({ player, rate, voice }: Props) {
  if (!player.open) return null;
  const playing = player.status === 'playing';
  const said = announcement(player);
  const chosen = player.voices.some((v) => v.id === voice) ? voice : '';
  return (
    <section className="read-aloud-bar" aria-label={ReaderMsg.READ_ALOUD} data-testid="read-aloud-bar">
      <button
        type="button"
        className="ra-btn"
        onClick={() => player.step(-1)}
        disabled={player.index < 0}
        aria-label="上一句"
        aria-keyshortcuts=","
        data-testid="read-aloud-prev"
      >
        <StepBackwardOutlined />
      </button>
      <button
        type="button"
        className="ra-btn ra-play"
        onClick={player.toggle}
        disabled={player.status === 'waiting'}
        aria-label={playing ? '暂停' : '播放'}
        aria-keyshortcuts="r"
        data-testid="read-aloud-toggle"
      >
        {playing ? <PauseOutlined /> : <CaretRightOutlined />}
      </button>
      <button
        type="button"
        className="ra-btn"
        onClick={() => player.step(1)}
        disabled={player.index < 0}
        aria-label="下一句"
        aria-keyshortcuts="."
        data-testid="read-aloud-next"
      >
        <StepForwardOutlined />
      </button>
      <span className="ra-said" aria-hidden data-testid="read-aloud-state">
        {said}
      </span>
      <select
        className="ra-select"
        aria-label="朗读速度"
        value={String(rate)}
        onChange={(e) => player.setRate(Number(e.target.value))}
        data-testid="read-aloud-rate"
      >
        {RATES.map((r) => (
          <option key={r} value={String(r)}>
            {r}×
          </option>
        ))}
      </select>
      {player.voices.length ? (
        <select
          className="ra-select ra-voice"
          aria-label="朗读语音"
          value={chosen}
          onChange={(e) => player.setVoice(e.target.value)}
          data-testid="read-aloud-voice"
        >
          <option value="">自动选择语音</option>
          {player.voices.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}（{v.lang}）
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className="ra-btn"
        onClick={player.close}
        aria-label="关闭朗读"
        data-testid="read-aloud-close"
      >
        <CloseOutlined />
      </button>
      <div className="reader-sr-only" role="status" aria-live="polite" data-testid="read-aloud-announce">
        {said}
      </div>
    </section>
  );
}

/** The reader's toolbar button that opens (or closes) the player. */
export function ReadAloudButton({ player }: { player: ReadAloud }) {
  return (
    <button
      type="button"
      className="reader-btn"
      onClick={() => (player.open ? player.close() : void player.start())}
      aria-pressed={player.open}
      aria-keyshortcuts="r"
      data-testid="read-aloud-button"
    >
      {ReaderMsg.READ_ALOUD}
    </button>
  );
}
