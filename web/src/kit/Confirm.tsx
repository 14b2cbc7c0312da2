import type { ReactNode } from 'react';
import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface ConfirmActionProps {
  /** What is asked before the action runs (every destructive action asks). */
  title: string;
  description?: ReactNode;
  /** The call; its message (or `done`) is shown on success, the server's message on refusal (the client's toast). */
  run: () => Promise<unknown>;
  done?: string;
  /** Lists to reload afterwards (query keys, each reloading every list under it). */
  reload?: QueryKey[];
  children: ReactNode;
  danger?: boolean;
  /** The confirm button's text (确定 unless told: a word that names the action, as 移出). */
  okText?: string;
  button?: ButtonProps;
}

/** A button that asks to confirm, runs the call, tells the outcome and reloads the lists it changed. */
export function ConfirmAction({
  title,
  description,
  run,
  done = '操作成功',
  reload = [],
  children,
  danger,
  okText = '确定',
  button,
}: ConfirmActionProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      onConfirm={async () => {
        try {
          await run();
        } catch {
          return; // the client has shown the server's message
        }
        void message.success(done);
        for (const queryKey of reload) void client.invalidateQueries({ queryKey });
      }}
    >
      <Button size="small" type="link" danger={danger} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
