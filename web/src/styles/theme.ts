import type { ThemeConfig } from 'antd';

/**
 * The site's antd theme. Text and status colours are darker than antd's defaults so that every text meets WCAG 2.2
 * AA contrast (4.5:1) on white and on the light tints antd puts behind tags and alerts (issue 34: antd's secondary
 * text #8c8c8c is 3.36:1, its placeholder 1.83:1, its red 3.26:1 under white text, its link blue #1677ff 4.1:1).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    colorInfo: '#1d4ed8',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Tags' text is their colour's 7th shade, on its 1st: one shade darker where antd's fails 4.5:1.
    // (antd keeps each shade twice, `green7` and `green-7`; its CSS variables come from the latter.)
    green7: '#237804',
    'green-7': '#237804',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    gold7: '#874d00',
    'gold-7': '#874d00',
    blue7: '#0050b3',
    'blue-7': '#0050b3',
    borderRadius: 8,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
  },
};
