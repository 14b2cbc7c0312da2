import { SiteLimits } from '@textbook/contracts';
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { HelpContent } from '@textbook/contracts';
import { adminDelete, adminPost, adminPut } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { AddButton } from '../../../kit/TableBar';
import { dateTime } from '../format';
import { CONTENTS, useAllTopics } from './shared';
import { titleRules, topicRules } from '../rules';

interface Values {
  topicId: number;
  title: string;
  body?: string;
  sort?: number;
}

/** Help contents: filter by topic or words, write and edit (rich text, sanitized by the server), delete. */
export function HelpContents() {
  const [editing, setEditing] = useState<HelpContent | 'new'>();
  const topics = useAllTopics();
  const topicOptions = (topics.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const item = editing === 'new' ? undefined : editing;
  return (
    <>
      <AdminTable<HelpContent>
        url={CONTENTS}
        rowKey={(r) => r.id}
        testId="admin-help-contents"
        filters={[
          {
            name: 'topicId',
            label: '主题',
            options: topicOptions.map((o) => ({ value: String(o.value), label: o.label })),
          },
          { name: 'keyword', label: '关键词', placeholder: '标题或正文' },
        ]}
        toolbar={<AddButton onClick={() => setEditing('new')}>新增内容</AddButton>}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '主题', dataIndex: 'topicName' },
          { title: '阅读次数', dataIndex: 'readCount', sorter: (a, b) => a.readCount - b.readCount },
          {
            title: '更新时间',
            key: 'updateTime',
            render: (_, r) => dateTime(r.updateTime),
            sorter: (a, b) => a.updateTime - b.updateTime,
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`删除「${r.title}」？`}
                  danger
                  run={() => adminDelete(`/api/admin/help/content/${r.id}`)}
                  done="已删除"
                  reload={[CONTENTS]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Values>
        title={item ? '编辑帮助内容' : '新增帮助内容'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={item ? { topicId: item.topicId, title: item.title, body: item.body } : {}}
        reload={[CONTENTS]}
        submit={(v) =>
          item ? adminPut(`/api/admin/help/content/${item.id}`, v) : adminPost('/api/admin/help/content', v)
        }
      >
        <Form.Item name="topicId" label="主题" rules={topicRules}>
          <Select options={topicOptions} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={titleRules}>
          <Input maxLength={SiteLimits.TITLE_MAX} />
        </Form.Item>
        <Form.Item name="body" label="正文（HTML）">
          <Input.TextArea rows={8} />
        </Form.Item>
        <Form.Item name="sort" label="顺序（小的在前）">
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
