import { useState } from 'react';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ContentType, OwnContentItem } from '@textbook/contracts';
import { adminDelete, adminPost, adminPut } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { auditOptions, CONTENT_LIST, contentColumns, typeOptions } from './shared';

interface Values {
  title: string;
  contentType: ContentType;
  summary?: string;
  body?: string;
  published: boolean;
}

/** Content pages and news: list, write, edit, delete (editors). */
export default function AdminContent() {
  const [editing, setEditing] = useState<OwnContentItem | 'new'>();
  const item = editing === 'new' ? undefined : editing;
  return (
    <>
      <AdminTable<OwnContentItem>
        url={CONTENT_LIST}
        rowKey={(r) => r.id}
        testId="admin-content"
        filters={[
          { name: 'contentType', label: '类型', options: typeOptions },
          { name: 'auditState', label: '审核', options: auditOptions },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建内容
          </Button>
        }
        columns={[
          ...contentColumns,
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`删除「${r.title}」？`}
                  danger
                  run={() => adminDelete(`/api/admin/content/${r.id}`)}
                  done="已删除"
                  reload={[CONTENT_LIST]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Values>
        title={item ? '编辑内容' : '新建内容'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={
          item
            ? {
                title: item.title,
                contentType: item.contentType as ContentType,
                summary: item.summary,
                body: item.body,
                published: Boolean(item.published),
              }
            : { contentType: 'news', published: true }
        }
        reload={[CONTENT_LIST]}
        submit={(v) => {
          const body = { ...v, published: v.published ? 1 : 0, menuId: item?.menuId ?? null };
          return item ? adminPut(`/api/admin/content/${item.id}`, body) : adminPost('/api/admin/content', body);
        }}
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="contentType" label="类型">
          <Select options={typeOptions} />
        </Form.Item>
        <Form.Item name="summary" label="摘要">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="body" label="正文（HTML）">
          <Input.TextArea rows={6} />
        </Form.Item>
        <Form.Item name="published" label="发布" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}
