import { useState, type Key } from 'react';
import { Button, Form, Input, InputNumber, Segmented, Space, TreeSelect } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DictType, type AdminDictRow, type DictNode, BookLimits } from '@textbook/contracts';
import { adminDelete, adminPost, adminPut } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { AddButton } from '../../../kit/TableBar';
import { dictKey, treeOptions, useDict } from './tree';
import { dictLabelRules } from '../rules';

const LIST = '/api/admin/dict/page';
const KINDS = [
  { value: DictType.SUBJECT, label: '学科' },
  { value: DictType.COLLECTION, label: '丛书' },
  // The content check's word list (spec §8 content audit): a reply holding one of them is refused.
  { value: DictType.AUDIT_WORD, label: '审核词' },
];

const parentIds = (nodes: DictNode[]): Key[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...parentIds(n.children)] : []));

interface Values {
  label: string;
  parentId?: number | null;
  sort?: number;
}

type Editing = { mode: 'new'; parentId: number } | { mode: 'edit'; row: AdminDictRow };

/**
 * Subjects and collections (the public `/api/dict/data/hierarchical`): a tree per dictionary; add at the top or
 * below an entry, rename, move under another entry, order; delete when nothing uses it (the server says what does).
 */
export default function AdminDict() {
  const [dictType, setDictType] = useState<string>(DictType.SUBJECT);
  const [editing, setEditing] = useState<Editing>();
  const tree = useDict(dictType).data ?? [];
  const client = useQueryClient();
  const kind = KINDS.find((k) => k.value === dictType)!.label;
  // The book editor's pickers and this page's parent choices read the public tree: fresh after each change.
  const refreshTree = () => void client.invalidateQueries({ queryKey: dictKey(dictType) });
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  // The tree starts open (every entry with entries below it) until the editor folds one.
  const [folded, setFolded] = useState<Key[]>();
  const expanded = folded ?? parentIds(tree);

  return (
    <>
      <Segmented
        options={KINDS}
        value={dictType}
        onChange={(v) => {
          setDictType(String(v));
          setFolded(undefined);
        }}
        style={{ marginBottom: 12 }}
        data-testid="dict-kind"
      />
      <AdminTable<AdminDictRow>
        key={dictType}
        url={LIST}
        params={{ dictType }}
        rowKey={(r) => r.id}
        testId="admin-dict"
        table={{ expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setFolded([...keys]) } }}
        serverSort={{ param: 'sort' }}
        filters={[{ name: 'keyword', label: '名称', placeholder: `${kind}名称` }]}
        toolbar={<AddButton onClick={() => setEditing({ mode: 'new', parentId: 0 })}>新增{kind}</AddButton>}
        columns={[
          { title: '名称', key: 'label', dataIndex: 'label', sorter: true },
          { title: '图书数', key: 'books', dataIndex: 'bookCount', sorter: true, width: 100 },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing({ mode: 'new', parentId: r.id })}>
                  添加下级
                </Button>
                <Button size="small" type="link" onClick={() => setEditing({ mode: 'edit', row: r })}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`删除${kind}「${r.label}」？`}
                  description="仅能删除没有下级、也没有图书使用的条目"
                  danger
                  run={async () => {
                    await adminDelete(`/api/admin/dict/${r.id}`);
                    refreshTree();
                  }}
                  done="已删除"
                  reload={[LIST]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Values>
        title={row ? `编辑${kind}「${row.label}」` : `新增${kind}`}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        testId="dict-form"
        initialValues={
          row
            ? { label: row.label, parentId: row.parentId || null, sort: row.sort }
            : { parentId: editing?.mode === 'new' && editing.parentId ? editing.parentId : null, sort: 0 }
        }
        reload={[LIST]}
        submit={async (v) => {
          const body = { label: v.label, parentId: v.parentId ?? 0, sort: v.sort ?? 0 };
          if (row) await adminPut(`/api/admin/dict/${row.id}`, body);
          else await adminPost('/api/admin/dict', { dictType, ...body });
          refreshTree();
        }}
      >
        <Form.Item name="label" label="名称" rules={dictLabelRules}>
          <Input maxLength={BookLimits.DICT_LABEL_MAX} />
        </Form.Item>
        <Form.Item name="parentId" label="上级" extra="不选则为顶级">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={treeOptions(tree, row?.id)}
            placeholder="顶级"
          />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字小的在前">
          <InputNumber {...BookLimits.DICT_SORT} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
