import { useState, type ReactNode } from 'react';
import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../api/admin';

interface FormModalProps<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  initialValues?: Partial<V>;
  /** The call; a refusal's message is shown inside the form (and the dialog stays open). */
  submit: (values: V) => Promise<unknown>;
  done?: string;
  reload?: string[];
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  testId?: string;
}

/** A dialog with a form: validates, sends, shows the server's message when it refuses, reloads the lists. */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const { title, open, onClose, initialValues, submit, done = '保存成功', reload = [], children, testId } = props;
  const [form] = Form.useForm<V>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const client = useQueryClient();

  const ok = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(undefined);
    try {
      await submit(values);
      void message.success(done);
      for (const url of reload) void client.invalidateQueries({ queryKey: adminKeys.list(url) });
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onOk={() => void ok()}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) {
          setError(undefined);
          form.resetFields();
          if (initialValues) form.setFieldsValue(initialValues as never);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid={testId} initialValues={initialValues}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
