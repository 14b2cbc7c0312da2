import { SiteLimits } from '@textbook/contracts';
import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { HelpTopic } from '@textbook/contracts';
import { adminDelete, adminKeys, adminPost, adminPut } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { AddButton } from '../../../kit/TableBar';
import { stepped } from '../site/order';
import { CONTENTS, TOPICS, useAllTopics } from './shared';
import { titleRules } from '../rules';

/** Help topics: add, rename, move up or down, delete (with their contents, after asking). */
export function HelpTopics() {
  const [editing, setEditing] = useState<HelpTopic | 'new'>();
  const all = useAllTopics();
  const client = useQueryClient();
  const { message } = App.useApp();
  const item = editing === 'new' ? undefined : editing;

  const move = async (topic: HelpTopic, by: -1 | 1) => {
    const ids = stepped(
      (all.data ?? []).map((t) => t.id),
      topic.id,
      by,
    );
    if (!ids) return;
    try {
      await adminPost('/api/admin/help/topic/sort', { ids });
    } catch {
      return; // the client has shown the server's message
    }
    void message.success('顺序已保存');
    void client.invalidateQueries({ queryKey: adminKeys.list(TOPICS) });
  };
  const first = all.data?.[0]?.id;
  const last = all.data?.[all.data.length - 1]?.id;

  return (
    <>
      <AdminTable<HelpTopic>
        url={TOPICS}
        rowKey={(r) => r.id}
        testId="admin-help-topics"
        toolbar={<AddButton onClick={() => setEditing('new')}>新增主题</AddButton>}
        columns={[
          { title: '主题', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name, 'zh') },
          { title: '顺序', dataIndex: 'sort', sorter: (a, b) => a.sort - b.sort },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button
                  size="small"
                  type="link"
                  icon={<ArrowUpOutlined />}
                  aria-label="上移"
                  disabled={r.id === first}
                  onClick={() => void move(r, -1)}
                />
                <Button
                  size="small"
                  type="link"
                  icon={<ArrowDownOutlined />}
                  aria-label="下移"
                  disabled={r.id === last}
                  onClick={() => void move(r, 1)}
                />
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`删除主题「${r.name}」？`}
                  description="其下的帮助内容会一并删除。"
                  danger
                  run={() => adminDelete(`/api/admin/help/topic/${r.id}`)}
                  done="已删除"
                  reload={[TOPICS, CONTENTS]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<{ name: string }>
        title={item ? '编辑主题' : '新增主题'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={item ? { name: item.name } : {}}
        reload={[TOPICS, CONTENTS]}
        submit={(v) =>
          item
            ? adminPut(`/api/admin/help/topic/${item.id}`, v)
            : adminPost('/api/admin/help/topic', { ...v, sort: all.data?.length ?? 0 })
        }
      >
        <Form.Item name="name" label="主题名称" rules={titleRules}>
          <Input maxLength={SiteLimits.TOPIC_NAME_MAX} />
        </Form.Item>
      </FormModal>
    </>
  );
}
