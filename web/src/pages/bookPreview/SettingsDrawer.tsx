import { Button, Drawer, Segmented, Slider, Switch } from 'antd';
import { READER_THEMES, type ReaderTheme, READER_LINE_HEIGHT } from '@textbook/contracts';
import { FONT_SIZES, type Align, type Flow, type FontFamily, type Margin, type ReaderSettings } from './settings';

interface Props {
  open: boolean;
  onClose(): void;
  settings: ReaderSettings;
  onChange(patch: Partial<ReaderSettings>): void;
}

/**
 * 阅读设置: font size, line height, font, margins, alignment, theme, page turning, continuous mode (kept on this
 * device).
 */
export function SettingsDrawer({ open, onClose, settings, onChange }: Props) {
  const step = (by: 1 | -1) =>
    FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, FONT_SIZES.indexOf(settings.fontSize) + by))] ?? 100;
  return (
    <Drawer
      title="阅读设置"
      open={open}
      onClose={onClose}
      size={340}
      rootClassName={settings.theme === 'dark' ? 'reader-theme-dark-drawer' : undefined}
    >
      <section aria-label="阅读设置" className="reader-settings">
        <div className="settings-row">
          <span>字号</span>
          <Button aria-label="缩小字号" data-testid="font-smaller" onClick={() => onChange({ fontSize: step(-1) })}>
            A-
          </Button>
          <span data-testid="font-size">{settings.fontSize}%</span>
          <Button aria-label="放大字号" data-testid="font-larger" onClick={() => onChange({ fontSize: step(1) })}>
            A+
          </Button>
        </div>
        <div className="settings-row">
          <span>行距</span>
          <Slider
            style={{ flex: 1 }}
            {...READER_LINE_HEIGHT}
            step={0.2}
            value={settings.lineHeight}
            onChange={(v) => onChange({ lineHeight: v })}
            aria-label="行距"
          />
        </div>
        <div className="settings-row">
          <span>字体</span>
          <Segmented
            aria-label="字体"
            value={settings.fontFamily}
            onChange={(v) => onChange({ fontFamily: v as FontFamily })}
            options={[
              { value: 'book', label: '默认' },
              { value: 'serif', label: '宋体' },
              { value: 'sans', label: '黑体' },
            ]}
            data-testid="font-family"
          />
        </div>
        <div className="settings-row">
          <span>页边距</span>
          <Segmented
            aria-label="页边距"
            value={settings.margin}
            onChange={(v) => onChange({ margin: v as Margin })}
            options={[
              { value: 'narrow', label: '窄' },
              { value: 'normal', label: '标准' },
              { value: 'wide', label: '宽' },
            ]}
            data-testid="margin"
          />
        </div>
        <div className="settings-row">
          <span>对齐</span>
          <Segmented
            aria-label="对齐"
            value={settings.align}
            onChange={(v) => onChange({ align: v as Align })}
            options={[
              { value: 'book', label: '默认' },
              { value: 'justify', label: '两端对齐' },
              { value: 'start', label: '左对齐' },
            ]}
            data-testid="align"
          />
        </div>
        <div className="settings-row">
          <span>主题</span>
          <Segmented
            value={settings.theme}
            onChange={(v) => onChange({ theme: v as ReaderTheme })}
            options={(Object.keys(READER_THEMES) as ReaderTheme[]).map((t) => ({
              value: t,
              label: READER_THEMES[t].label,
            }))}
          />
        </div>
        <div className="settings-row">
          <span>翻页</span>
          <Segmented
            value={settings.flow}
            onChange={(v) => onChange({ flow: v as Flow })}
            options={[
              { value: 'scrolled', label: '滚动' },
              { value: 'paged', label: '分页' },
            ]}
          />
        </div>
        <div className="settings-row settings-switch">
          <span id="reader-continuous-label">连续阅读（读屏模式）</span>
          <Switch
            checked={settings.continuous}
            onChange={(v) => onChange({ continuous: v })}
            aria-labelledby="reader-continuous-label"
            data-testid="continuous-switch"
          />
        </div>
        <p className="settings-help settings-keys">
          键盘：← → 翻页，[ ] 切换章节，t 目录，n 笔记，r 朗读（播放/暂停），, . 上一句/下一句。
        </p>
        <p className="settings-help">连续阅读模式把各章依次排在同一页，每章一个标题，适合屏幕阅读器。</p>
      </section>
    </Drawer>
  );
}
