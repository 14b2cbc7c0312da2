import { useState } from 'react';
import { Button, Modal } from 'antd';
import { AuditState, type OwnContentItem, SiteLimits } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { RejectDialog, ReviewActions } from '../components/Review';
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
              <ReviewActions
                approve={
                  r.auditState === AuditState.PASSED
                    ? undefined
                    : {
                        title: `通过「${r.title}」？`,
                        run: () => adminPost(`/api/admin/content/${r.id}/audit`, { pass: true }),
                      }
                }
                onReject={r.auditState === AuditState.FAILED ? undefined : () => setRejecting(r)}
                reload={[CONTENT_LIST]}
              >
                <Button size="small" type="link" onClick={() => setReading(r)}>
                  查看
                </Button>
              </ReviewActions>
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
      <RejectDialog
        title={`驳回「${rejecting?.title ?? ''}」`}
        open={Boolean(rejecting)}
        onClose={() => setRejecting(undefined)}
        reload={[CONTENT_LIST]}
        maxLength={SiteLimits.REVIEW_REASON_MAX}
        testId="reject-form"
        reject={(reason) => adminPost(`/api/admin/content/${rejecting!.id}/audit`, { pass: false, reason })}
      />
    </>
  );
}
