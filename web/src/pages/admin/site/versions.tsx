import { Form, Input, Select } from 'antd';
import { VERSION_PLATFORMS, type AppVersion, SiteLimits, Limits } from '@textbook/contracts';
import { dateTime } from '../format';
import { ShellTable } from './ShellTable';
import { platformRules, versionRules } from '../rules';

type Values = Pick<AppVersion, 'platform' | 'version' | 'notes' | 'fileUrl' | 'storeUrl' | 'qrCode'>;

const PLATFORM_LABEL: Record<string, string> = { android: 'Android', ios: 'iOS', windows: 'Windows', mac: 'macOS' };
const platformOptions = VERSION_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] ?? p }));

/** The download page's client versions: the newest published one of each platform is offered to visitors. */
export default function AdminVersions() {
  return (
    <ShellTable<AppVersion, Values>
      base="/api/admin/version"
      what="版本"
      testId="admin-versions"
      flag="published"
      name={(r) => `${PLATFORM_LABEL[r.platform] ?? r.platform} ${r.version}`}
      columns={[
        {
          title: '平台',
          key: 'platform',
          render: (_, r) => PLATFORM_LABEL[r.platform] ?? r.platform,
          sorter: (a, b) => a.platform.localeCompare(b.platform),
        },
        { title: '版本号', dataIndex: 'version' },
        { title: '说明', dataIndex: 'notes', ellipsis: true },
        {
          title: '发布时间',
          key: 'createTime',
          render: (_, r) => dateTime(r.createTime),
          sorter: (a, b) => a.createTime - b.createTime,
        },
      ]}
      toValues={(r) =>
        r
          ? {
              platform: r.platform,
              version: r.version,
              notes: r.notes,
              fileUrl: r.fileUrl,
              storeUrl: r.storeUrl,
              qrCode: r.qrCode,
            }
          : { platform: 'android' }
      }
      toBody={(v) => v}
      fields={
        <>
          <Form.Item name="platform" label="平台" rules={platformRules}>
            <Select options={platformOptions} />
          </Form.Item>
          <Form.Item name="version" label="版本号" rules={versionRules}>
            <Input maxLength={SiteLimits.VERSION_MAX} placeholder="1.2.0" />
          </Form.Item>
          <Form.Item name="notes" label="更新说明">
            <Input.TextArea rows={3} maxLength={SiteLimits.NOTES_MAX} />
          </Form.Item>
          <Form.Item name="fileUrl" label="安装包地址">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
          <Form.Item name="storeUrl" label="应用商店地址">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
          <Form.Item name="qrCode" label="二维码图片地址">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
        </>
      }
    />
  );
}
