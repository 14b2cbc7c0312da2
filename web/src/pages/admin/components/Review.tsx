import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReviewText } from '@textbook/contracts';
import { dateTime } from '../format';
import { ConfirmAction } from './Confirm';
import { FormModal } from './FormModal';

interface Approval {
  title: string;
  description?: ReactNode;
  run: () => Promise<unknown>;
}

interface ReviewActionsProps {
  /** 通过: asked first (`title`, `description`), then `run`; left out where the thing may not be approved now. */
  approve?: Approval;
  /** 驳回: opens the page's reject dialog; left out where the thing may not be rejected now. */
  onReject?: () => void;
  /** Lists the approval changes. */
  reload: string[];
  /** Buttons before the two (e.g. 查看). */
  children?: ReactNode;
}

/** A review column's buttons: 通过 (which asks first) and 驳回 (which opens the reject dialog). */
export function ReviewActions({ approve, onReject, reload, children }: ReviewActionsProps) {
  return (
    <Space size={0}>
      {children}
      {approve && (
        <ConfirmAction
          title={approve.title}
          description={approve.description}
          run={approve.run}
          done={ReviewText.APPROVED}
          reload={reload}
        >
          {ReviewText.APPROVE}
        </ConfirmAction>
      )}
      {onReject && (
        <Button size="small" type="link" danger onClick={onReject}>
          {ReviewText.REJECT}
        </Button>
      )}
    </Space>
  );
}

/**
 * An application list's last columns (teacher certifications, sample applications): when it was asked for, and
 * 通过/驳回 while it waits for review.
 */
export function applicationColumns<T extends { createdAt: number }>(o: {
  waiting: (row: T) => boolean;
  approve: (row: T) => Approval;
  onReject: (row: T) => void;
  reload: string[];
}): ColumnsType<T> {
  return [
    {
      title: '申请时间',
      key: 'createdAt',
      render: (_, r) => dateTime(r.createdAt),
      sorter: (a, b) => a.createdAt - b.createdAt,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, r) =>
        o.waiting(r) ? <ReviewActions approve={o.approve(r)} onReject={() => o.onReject(r)} reload={o.reload} /> : null,
    },
  ];
}

interface RejectDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The rejection with the reason typed; a refusal's message shows inside the dialog. */
  reject: (reason: string) => Promise<unknown>;
  reload: string[];
  /** The longest reason the server takes. */
  maxLength?: number;
  testId?: string;
}

/** The reject dialog: a reason is required; the lists reload and the dialog closes once the server has it. */
export function RejectDialog({ title, open, onClose, reject, reload, maxLength = 200, testId }: RejectDialogProps) {
  return (
    <FormModal<{ reason: string }>
      title={title}
      open={open}
      onClose={onClose}
      done={ReviewText.REJECTED}
      reload={reload}
      testId={testId}
      submit={(v) => reject(v.reason)}
    >
      <Form.Item
        name="reason"
        label={ReviewText.REASON}
        rules={[{ required: true, message: ReviewText.REASON_REQUIRED }]}
      >
        <Input.TextArea rows={3} maxLength={maxLength} showCount />
      </Form.Item>
    </FormModal>
  );
}
