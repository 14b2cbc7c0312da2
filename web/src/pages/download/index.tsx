import { AndroidOutlined, AppleOutlined, DesktopOutlined, WindowsOutlined } from '@ant-design/icons';
import { Button, QRCode } from 'antd';
import type { AppVersion } from '@textbook/contracts';
import type { ReactNode } from 'react';
import { useVersions } from '../../api/content';
import { formatDate } from '../../components/Content/RichText';
import '../../components/Content/content.css';
import { Loading } from '../../components/Content/states';
import { EmptyState } from '../../components/Empty/EmptyState';

const PLATFORMS: Record<string, { name: string; icon: ReactNode }> = {
  android: { name: 'Android', icon: <AndroidOutlined /> },
  ios: { name: 'iPhone / iPad', icon: <AppleOutlined /> },
  windows: { name: 'Windows', icon: <WindowsOutlined /> },
  mac: { name: 'macOS', icon: <AppleOutlined /> },
};

const PLATFORM_ORDER = Object.keys(PLATFORMS);

function absolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : new URL(url, window.location.origin).toString();
}

function VersionCard({ v }: { v: AppVersion }) {
  const platform = PLATFORMS[v.platform] ?? { name: v.platform, icon: <DesktopOutlined /> };
  const target = v.fileUrl || v.storeUrl;
  const mobile = v.platform === 'android' || v.platform === 'ios';
  return (
    <section className="version-card" data-testid={`version-${v.platform}`}>
      <div className="version-platform">
        {platform.icon} {platform.name}
      </div>
      <div className="version-number">
        版本 {v.version} · {formatDate(v.createTime)}
      </div>
      {v.notes && (
        <ul className="version-notes">
          {v.notes
            .split('\n')
            .filter(Boolean)
            .map((line) => (
              <li key={line}>{line}</li>
            ))}
        </ul>
      )}
      {mobile && target && (
        <div aria-label={`${platform.name} 下载二维码`}>
          {v.qrCode ? (
            <img src={v.qrCode} alt={`${platform.name} 下载二维码`} width={128} height={128} />
          ) : (
            <QRCode value={absolute(target)} size={128} bordered={false} />
          )}
        </div>
      )}
      {target && (
        <Button type="primary" href={target} target={v.storeUrl && !v.fileUrl ? '_blank' : undefined}>
          {v.fileUrl ? '下载安装包' : '前往应用商店'}
        </Button>
      )}
    </section>
  );
}

/** Client download (spec §2), fed by /api/version/base: platform, version, notes, file or store link, QR code. */
export default function DownloadPage() {
  const { data, isPending } = useVersions();
  return (
    <div className="container page-section">
      <div className="download-hero">
        <h1>客户端下载</h1>
        <p>在手机、平板和电脑上随时阅读您的数字教材，阅读进度与笔记自动同步。</p>
      </div>
      {isPending ? (
        <Loading />
      ) : !data?.length ? (
        <EmptyState />
      ) : (
        <div className="version-grid">
          {[...data]
            .sort((a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform))
            .map((v) => (
              <VersionCard key={v.id} v={v} />
            ))}
        </div>
      )}
    </div>
  );
}
