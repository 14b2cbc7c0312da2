import {
  AndroidOutlined,
  AppleOutlined,
  CloudDownloadOutlined,
  DesktopOutlined,
  WindowsOutlined,
} from '@ant-design/icons';
import { Button, QRCode } from 'antd';
import { formatDate, type AppVersion } from '@textbook/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useVersions } from '../../api/content';
import '../../components/Content/content.css';
import { Loading } from '../../components/Content/states';

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

/** The browser's install prompt (Chromium's beforeinstallprompt), kept until the user asks to install. */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function useInstallPrompt(): [InstallPrompt | null, () => void] {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const keep = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', keep);
    return () => window.removeEventListener('beforeinstallprompt', keep);
  }, []);
  return [prompt, () => setPrompt(null)];
}

/** The platform itself as an app: installed from the browser, the chapters a member opened readable offline. */
function WebAppCard() {
  const [prompt, used] = useInstallPrompt();
  const installed = window.matchMedia?.('(display-mode: standalone)').matches;
  return (
    <section className="version-card web-app-card" data-testid="web-app">
      <div className="version-platform">
        <CloudDownloadOutlined /> 网页版（可安装）
      </div>
      <p className="web-app-lead">
        {
          '无需下载安装包：在浏览器中打开本站即可阅读。安装到手机主屏幕或电脑桌面后，可像应用一样打开；已打开过的章节在没有网络时也能继续阅读，离线时写的笔记先保存在本机，联网后自动同步；退出登录后本机保存的内容随即清除。'
        }
      </p>
      {installed ? (
        <p className="web-app-done">已安装：您正在以应用方式使用本平台。</p>
      ) : prompt ? (
        <Button
          type="primary"
          onClick={async () => {
            await prompt.prompt();
            await prompt.userChoice;
            used();
          }}
        >
          安装到本设备
        </Button>
      ) : null}
      {/* A phone reaches the site from a computer's screen by its camera, then installs it from its own browser. */}
      <figure className="web-app-qr" aria-label="手机扫码打开本站" data-testid="web-app-qr">
        <QRCode value={`${window.location.origin}/`} size={128} bordered={false} />
        <figcaption>手机扫码打开本站，再添加到主屏幕</figcaption>
      </figure>
      <ul className="version-notes">
        <li>iPhone / iPad：用 Safari 打开本站，点“分享”，选择“添加到主屏幕”。</li>
        <li>Android：用 Chrome 或系统浏览器打开本站，在菜单中选择“安装应用”或“添加到主屏幕”。</li>
        <li>Windows / macOS：用 Chrome 或 Edge 打开本站，点地址栏右侧的“安装”图标。</li>
      </ul>
    </section>
  );
}

/**
 * Client download (spec §2): the installable web app, and the native clients the staff publish
 * (/api/version/base: platform, version, notes, file or store link, QR code). Nothing is listed that the staff
 * did not configure.
 */
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
      ) : (
        <div className="version-grid">
          <WebAppCard />
          {[...(data ?? [])]
            .sort((a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform))
            .map((v) => (
              <VersionCard key={v.id} v={v} />
            ))}
        </div>
      )}
    </div>
  );
}
