import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type SampleSettings, SampleLimits } from '@textbook/contracts';
import { adminGet, adminPost } from '../../../api/admin';
import { sampleQuotaRules, sampleTimeCodeRules, sampleTimeNameRules } from '../rules';

const URL = '/api/admin/sample-book/settings';

/**
 * Sample copies' dictionary rows: the yearly quota per teacher and the validity options a teacher chooses from
 * (code: months M or years Y, e.g. 6M, 1Y; label shown to the teacher). The server's refusal shows in the form.
 */
export default function SampleSettingsPage() {
  const settings = useQuery({ queryKey: ['admin', 'sample-settings'], queryFn: () => adminGet<SampleSettings>(URL) });
  const [form] = Form.useForm<SampleSettings>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();

  const save = async (values: SampleSettings) => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await adminPost<SampleSettings>(URL, values);
      form.setFieldsValue(saved);
      void settings.refetch();
      void message.success('样书设置已保存');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!settings.data) return <Spin />;
  return (
    <div className="admin-panel admin-narrow" data-testid="sample-settings">
      <Form form={form} layout="vertical" initialValues={settings.data} onFinish={(v) => void save(v)}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Form.Item
          name="amount"
          label="每位教师每年可申请样书数量"
          rules={sampleQuotaRules}
          extra="按自然年（北京时间）计；被拒绝的申请不占名额"
        >
          <InputNumber {...SampleLimits.QUOTA} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Typography.Title level={5}>试用期限选项</Typography.Title>
        <Form.List name="times">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap data-testid="sample-time">
                  <Form.Item name={[field.name, 'code']} rules={sampleTimeCodeRules}>
                    <Input placeholder="代码，如 6M" style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={sampleTimeNameRules}>
                    <Input placeholder="名称，如 6个月" style={{ width: 160 }} maxLength={SampleLimits.TIME_NAME_MAX} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除"
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ code: '', value: '' })}>
                  添加期限
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </div>
  );
}
