import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Switch } from 'antd';
import { AuditState, type ContentType, type OwnContentItem } from '@textbook/contracts';
import { adminDelete, adminPost, adminPut, useStaffMe } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { AddButton } from '../../../kit/TableBar';
import { auditOptions, CONTENT_LIST, contentColumns, typeOptions } from './shared';
import { titleRules } from '../rules';

interface Values {
  title: string;
  contentType: ContentType;
  summary?: string;
  body?: string;
  published: boolean;
}

/**
 * Content pages and news: list, write, edit, delete (editors). An editor's writing waits for a reviewer (the
 * server decides); a rejected item shows 因内容审核不通过，建议修改后重新发布（{reason}） and is edited or sent back.
 */
export default function AdminContent() {
  const [editing, setEditing] = useState<OwnContentItem | 'new'>();
  const item = editing === 'new' ? undefined : editing;
  // Only a hint: the server decides whether this writer's edits wait for a reviewer.
  const reviewed = !useStaffMe().data?.menus.includes('review');
  return (
    <>
      <AdminTable<OwnContentItem>
        url={CONTENT_LIST}
        rowKey={(r) => r.id}
        testId="admin-content"
        filters={[
          { name: 'contentType', label: '类型', options: typeOptions },
          { name: 'auditState', label: '审核', options: auditOptions },
          {
            name: 'mine',
            label: '作者',
            options: [
              { value: '1', label: '我写的' },
              { value: '0', label: '全部' },
            ],
          },
        ]}
        toolbar={<AddButton onClick={() => setEditing('new')}>新建内容</AddButton>}
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
                {r.auditState === AuditState.FAILED && (
                  <ConfirmAction
                    title={`将「${r.title}」重新提交审核？`}
                    run={() => adminPost(`/api/admin/content/${r.id}/submit`)}
                    done="已提交审核"
                    reload={[CONTENT_LIST]}
                  >
                    提交审核
                  </ConfirmAction>
                )}
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
        done={reviewed ? '已保存，等待审核' : '保存成功'}
        testId="content-form"
        submit={(v) => {
          const body = { ...v, published: v.published ? 1 : 0, menuId: item?.menuId ?? null };
          return item ? adminPut(`/api/admin/content/${item.id}`, body) : adminPost('/api/admin/content', body);
        }}
      >
        {reviewed && (
          <Alert
            type="info"
            showIcon
            title="保存后提交审核，审核通过后才会在网站上显示。"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item name="title" label="标题" rules={titleRules}>
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
