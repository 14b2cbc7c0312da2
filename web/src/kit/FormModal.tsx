import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Modal, Space, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface FormModalProps<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  initialValues?: Partial<V>;
  /** The call; a refusal's message is shown inside the form (and the dialog stays open). */
  submit: (values: V) => Promise<unknown>;
  done?: string;
  /** The send button's text (保存 unless told). */
  okText?: string;
  /**
   * Whether a refusal is shown inside the form (the default: the call is a silent one). False when the API client
   * has told it already (a call that is not silent).
   */
  showRefusal?: boolean;
  /** The lists to load again afterwards (query keys, each reloading every list under it). */
  reload?: QueryKey[];
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  testId?: string;
}

/**
 * A dialog with a form (the console's and the personal centre's): validates, sends, shows the server's message
 * inside the form when it refuses (so the call should be a silent one), reloads the lists. The form is made anew
 * each time the dialog opens, with the thing's values.
 */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  return (
    <Modal title={props.title} open={props.open} onCancel={props.onClose} footer={null} destroyOnHidden>
      {props.open && <FormBody {...props} />}
    </Modal>
  );
}

function FormBody<V extends object>(props: FormModalProps<V>) {
  const { onClose, initialValues, submit, done = '保存成功', reload = [], children, testId } = props;
  const { okText = '保存', showRefusal = true } = props;
  const [form] = Form.useForm<V>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const client = useQueryClient();

  const ok = async (values: V) => {
    setBusy(true);
    setError(undefined);
    try {
      await submit(values);
      void message.success(done);
      for (const queryKey of reload) void client.invalidateQueries({ queryKey });
      onClose();
    } catch (e) {
      if (showRefusal) setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" data-testid={testId} initialValues={initialValues} onFinish={(v) => void ok(v)}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
      {typeof children === 'function' ? children(form) : children}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {okText}
        </Button>
      </Space>
    </Form>
  );
}
