import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Slider } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { CaptchaPuzzle } from '@textbook/contracts';
import { checkPuzzle, fetchPuzzle } from '../../api/auth';

/**
 * The slider check: the server draws a picture with a gap and the piece cut from it; dragging the slider
 * moves the piece, and the drop (with the drag's samples over time) is checked by the server, which answers a
 * single-use ticket for sending a code.
 */
export function SliderCheck({ onPass }: { onPass: (ticket: string) => void }) {
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle>();
  const [value, setValue] = useState(0);
  const [passed, setPassed] = useState(false);
  const [checking, setChecking] = useState(false);
  const track = useRef<{ x: number; t: number }[]>([]);
  const started = useRef(0);

  const fetchNew = useCallback(() => {
    fetchPuzzle()
      .then(setPuzzle)
      .catch(() => undefined);
  }, []);
  useEffect(fetchNew, [fetchNew]);
  const load = () => {
    setValue(0);
    track.current = [];
    fetchNew();
  };

  if (passed) return null;

  const max = puzzle ? puzzle.width - puzzle.pieceSize : 100;
  const onChange = (next: number) => {
    const now = performance.now();
    if (track.current.length === 0) started.current = now;
    track.current.push({ x: next, t: Math.round(now - started.current) });
    setValue(next);
  };
  const onDrop = async (x: number) => {
    if (!puzzle || checking) return;
    setChecking(true);
    try {
      const ticket = await checkPuzzle({ captchaId: puzzle.captchaId, x, track: track.current });
      setPassed(true);
      onPass(ticket);
    } catch {
      load();
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="slider-check" data-testid="slider-check">
      <div
        className="slider-picture"
        style={puzzle ? { aspectRatio: `${puzzle.width} / ${puzzle.height}` } : undefined}
      >
        {puzzle && (
          <>
            <img src={puzzle.image} alt="拖动滑块完成拼图" draggable={false} />
            <img
              className="slider-piece"
              src={puzzle.piece}
              alt=""
              draggable={false}
              style={{
                left: `${(value / puzzle.width) * 100}%`,
                top: `${(puzzle.y / puzzle.height) * 100}%`,
                width: `${(puzzle.pieceSize / puzzle.width) * 100}%`,
              }}
            />
          </>
        )}
        <Button
          className="slider-refresh"
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          aria-label="换一张"
          onClick={load}
        />
      </div>
      <Slider
        className="slider-bar"
        min={0}
        max={max}
        value={value}
        disabled={!puzzle || checking}
        tooltip={{ open: false }}
        ariaLabelForHandle="拼图滑块"
        onChange={onChange}
        onChangeComplete={(x) => void onDrop(x)}
      />
      <div className="slider-hint">向右拖动滑块，完成拼图</div>
    </div>
  );
}
