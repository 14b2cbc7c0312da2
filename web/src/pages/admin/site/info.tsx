import { SiteLimits, Limits } from '@textbook/contracts';
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteInfo } from '@textbook/contracts';
import { adminGet, adminPut } from '../../../api/admin';

type Values = Omit<SiteInfo, 'maintenance'>;
const SITE_KEY = ['admin', 'site-info'] as const;

/**
 * Site info: name, copyright, filing text, logos and the ids of the agreement pages the login dialog links to.
 * The public site shows a change within seconds (its read cache). Maintenance stays a configuration switch.
 */
export default function AdminSiteInfo() {
  const site = useQuery({ queryKey: SITE_KEY, queryFn: () => adminGet<SiteInfo>('/api/site') });
  const client = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!site.data) return <Skeleton active className="admin-panel" />;

  const save = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await adminPut<SiteInfo>('/api/admin/site', values);
      client.setQueryData(SITE_KEY, saved);
      void message.success('保存成功');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-panel admin-form-panel" data-testid="admin-site-info">
      <Form<Values> layout="vertical" initialValues={site.data} onFinish={(v) => void save(v)}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <div className="admin-form-grid">
          <Form.Item name="siteName" label="站点名称">
            <Input maxLength={SiteLimits.SITE_NAME_MAX} />
          </Form.Item>
          <Form.Item name="copyright" label="版权信息">
            <Input maxLength={SiteLimits.COPYRIGHT_MAX} />
          </Form.Item>
          <Form.Item name="icp" label="备案信息">
            <Input maxLength={SiteLimits.ICP_MAX} />
          </Form.Item>
          <Form.Item name={['toolbar', 'logo']} label="页眉 Logo 地址">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
          <Form.Item name={['toolbar', 'logoAlt']} label="Logo 文字说明">
            <Input maxLength={SiteLimits.LOGO_ALT_MAX} />
          </Form.Item>
          <Form.Item name={['toolbar', 'footerLogo']} label="页脚 Logo 地址">
            <Input maxLength={Limits.URL_MAX} />
          </Form.Item>
          <Form.Item name={['toolbar', 'userAgreementId']} label="用户协议（内容编号）">
            <InputNumber min={Limits.ID_MIN} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name={['toolbar', 'privacyPolicyId']} label="隐私政策（内容编号）">
            <InputNumber min={Limits.ID_MIN} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </div>
  );
}
