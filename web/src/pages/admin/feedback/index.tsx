import { SiteLimits } from '@textbook/contracts';
import { useState } from 'react';
import { Button, Descriptions, Form, Image, Input, Modal, Space, Tag } from 'antd';
import type { FeedbackItem } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';
import { replyRules } from '../rules';

const LIST = '/api/admin/feedback/page';
const KIND_LABEL: Record<string, string> = { general: '意见反馈', error: '纠错' };

function StateTag({ item }: { item: FeedbackItem }) {
  if (item.closeTime) return <Tag>已关闭</Tag>;
  if (item.replyTime) return <Tag color="green">已回复</Tag>;
  return <Tag color="gold">待回复</Tag>;
}

/** Where an error report points: the book, the chapter and the quoted words. */
const placeOf = (r: FeedbackItem) => [r.bookName, r.chapterName].filter(Boolean).join(' · ');

/**
 * Member feedback and error reports (reviewers): newest first, filterable by kind, replied and closed (the open
 * queue: 未回复 + 未关闭); read one, reply (the member sees it under 意见反馈 and gets a notice), close.
 */
export default function AdminFeedback() {
  const [reading, setReading] = useState<FeedbackItem>();
  const [replying, setReplying] = useState<FeedbackItem>();
  return (
    <>
      <AdminTable<FeedbackItem>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-feedback"
        filters={[
          {
            name: 'kind',
            label: '类型',
            options: [
              { value: 'general', label: '意见反馈' },
              { value: 'error', label: '纠错' },
            ],
          },
          {
            name: 'replied',
            label: '回复',
            options: [
              { value: '0', label: '未回复' },
              { value: '1', label: '已回复' },
            ],
          },
          {
            name: 'closed',
            label: '关闭',
            options: [
              { value: '0', label: '未关闭' },
              { value: '1', label: '已关闭' },
            ],
          },
        ]}
        columns={[
          { title: '类型', key: 'kind', render: (_, r) => KIND_LABEL[r.kind] ?? r.kind },
          { title: '内容', dataIndex: 'content', ellipsis: true, width: 280 },
          { title: '图书 / 章节', key: 'place', render: (_, r) => placeOf(r), ellipsis: true },
          { title: '会员', key: 'member', render: (_, r) => `#${r.memberId}${r.contact ? ` ${r.contact}` : ''}` },
          {
            title: '提交时间',
            key: 'createTime',
            render: (_, r) => dateTime(r.createTime),
            sorter: (a, b) => a.createTime - b.createTime,
          },
          { title: '状态', key: 'state', render: (_, r) => <StateTag item={r} /> },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setReading(r)}>
                  查看
                </Button>
                {!r.closeTime && (
                  <Button size="small" type="link" onClick={() => setReplying(r)}>
                    {r.replyTime ? '再次回复' : '回复'}
                  </Button>
                )}
                {!r.closeTime && (
                  <ConfirmAction
                    title="关闭这条反馈？"
                    description="关闭后不能再回复。"
                    danger
                    run={() => adminPost(`/api/admin/feedback/${r.id}/close`)}
                    done="已关闭"
                    reload={[LIST]}
                  >
                    关闭
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={reading ? KIND_LABEL[reading.kind] : ''}
        open={Boolean(reading)}
        onCancel={() => setReading(undefined)}
        footer={null}
        width={640}
      >
        {reading && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="内容">
              <div style={{ whiteSpace: 'pre-wrap' }}>{reading.content}</div>
            </Descriptions.Item>
            {reading.kind === 'error' && <Descriptions.Item label="位置">{placeOf(reading)}</Descriptions.Item>}
            {reading.quote && <Descriptions.Item label="引用">{reading.quote}</Descriptions.Item>}
            {reading.images.length > 0 && (
              <Descriptions.Item label="截图">
                <Image.PreviewGroup>
                  <Space wrap>
                    {reading.images.map((src) => (
                      <Image key={src} src={src} width={96} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="联系方式">{reading.contact || '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{dateTime(reading.createTime)}</Descriptions.Item>
            <Descriptions.Item label="回复">
              {reading.reply ? `${reading.reply}（${dateTime(reading.replyTime)}）` : '—'}
            </Descriptions.Item>
            {reading.closeTime && <Descriptions.Item label="关闭时间">{dateTime(reading.closeTime)}</Descriptions.Item>}
          </Descriptions>
        )}
      </Modal>
      <FormModal<{ reply: string }>
        title="回复反馈"
        open={Boolean(replying)}
        onClose={() => setReplying(undefined)}
        initialValues={{ reply: replying?.reply ?? '' }}
        done="已回复"
        reload={[LIST]}
        testId="reply-form"
        submit={(v) => adminPost(`/api/admin/feedback/${replying!.id}/reply`, v)}
      >
        {replying && <p style={{ whiteSpace: 'pre-wrap', color: '#595959' }}>{replying.content}</p>}
        <Form.Item name="reply" label="回复内容" rules={replyRules}>
          <Input.TextArea rows={4} maxLength={SiteLimits.REPLY_MAX} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}
