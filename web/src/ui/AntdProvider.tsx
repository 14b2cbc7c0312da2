import type { ComponentType } from 'react';
// From their modules rather than antd's index, whose every component would count as the provider's import
// (vite.config.ts groups the provider's imports into one chunk).
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { theme } from '../styles/theme';

/** `Component` inside antd's provider: the site's theme and the zh_CN locale. */
export function withAntdProvider<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithAntd(props: P) {
    return (
      <ConfigProvider locale={zhCN} theme={theme}>
        <Component {...props} />
      </ConfigProvider>
    );
  }
  WithAntd.displayName = `WithAntd(${Component.displayName ?? Component.name})`;
  return WithAntd;
}
