import { useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { AuditState, type OwnContentItem } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { auditOptions, CONTENT_LIST, contentColumns } from './shared';

/**
 * The content audit (reviewers): members' writing waiting for review; approve, or reject with a reason the author
 * then sees as 因内容审核不通过，建议修改后重新发布（{reason}）.
 */
export default function ContentReview() {
  const [reading, setReading] = useState<OwnContentItem>();
  const [rejecting, setRejecting] = useState<OwnContentItem>();
  return (
    <>
      <AdminTable<OwnContentItem>
        url={CONTENT_LIST}
        rowKey={(r) => r.id}
        testId="admin-review"
        params={{ auditState: AuditState.PENDING }}
        filters={[{ name: 'auditState', label: '审核', options: auditOptions }]}
        columns={[
          ...contentColumns,
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setReading(r)}>
                  查看
                </Button>
                {r.auditState !== AuditState.PASSED && (
                  <ConfirmAction
                    title={`通过「${r.title}」？`}
                    run={() => adminPost(`/api/admin/content/${r.id}/audit`, { pass: true })}
                    done="已通过"
                    reload={[CONTENT_LIST]}
                  >
                    通过
                  </ConfirmAction>
                )}
                {r.auditState !== AuditState.FAILED && (
                  <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
                    驳回
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={reading?.title}
        open={Boolean(reading)}
        onCancel={() => setReading(undefined)}
        footer={null}
        width={720}
      >
        {reading?.summary && <p>{reading.summary}</p>}
        {/* The body was sanitized by the server when saved. */}
        <div dangerouslySetInnerHTML={{ __html: reading?.body ?? '' }} />
      </Modal>
      <FormModal<{ reason: string }>
        title={`驳回「${rejecting?.title ?? ''}」`}
        open={Boolean(rejecting)}
        onClose={() => setRejecting(undefined)}
        done="已驳回"
        reload={[CONTENT_LIST]}
        testId="reject-form"
        submit={(v) => adminPost(`/api/admin/content/${rejecting!.id}/audit`, { pass: false, reason: v.reason })}
      >
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, message: '请填写驳回原因' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}
