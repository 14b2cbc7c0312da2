import { SiteLimits, Limits } from '@textbook/contracts';
import { useMemo, useState } from 'react';
import { App, Button, Empty, Form, Input, Select, Skeleton, Space, Tag, Tree, type TreeProps } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminKeys, adminPost, adminPut } from '../../../api/admin';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { moveMenu, siblingsOf, stepped, type MenuRow } from './order';
import { menuNameRules } from '../rules';

const LIST = '/api/admin/navMenu/list';

interface Values {
  menuName: string;
  parentId: number;
  path?: string;
  contentType?: string;
}

const modeOptions = [
  { value: 'list', label: '内容列表' },
  { value: 'single', label: '单页' },
  { value: '', label: '仅链接' },
];

/**
 * The public header's navigation menus as a tree: drag a menu to reorder it or to move it under another (or use
 * the arrows, on a phone); add, edit, show or hide, delete (a menu with children must be emptied first).
 */
export default function AdminMenus() {
  const menus = useQuery({ queryKey: adminKeys.list(LIST), queryFn: () => adminGet<MenuRow[]>(LIST) });
  const client = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ row?: MenuRow; parentId: number }>();
  const rows = useMemo(() => menus.data ?? [], [menus.data]);
  const reload = () => client.invalidateQueries({ queryKey: adminKeys.list(LIST) });

  /** Sends a move (parent change, then the new order of the siblings) and tells the outcome. */
  const apply = async (row: MenuRow, parentId: number, order: number[]) => {
    try {
      if (parentId !== row.parentId) {
        await adminPut(`/api/admin/navMenu/${row.menuId}`, {
          menuName: row.menuName,
          parentId,
          path: row.path,
          contentType: row.contentType,
        });
      }
      await adminPost('/api/admin/navMenu/sort', { ids: order });
      void message.success('顺序已保存');
    } catch {
      // the client has shown the server's message
    }
    void reload();
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = rows.find((r) => r.menuId === Number(info.dragNode.key));
    const target = rows.find((r) => r.menuId === Number(info.node.key));
    if (!dragged || !target) return;
    const position = info.dropPosition - Number(info.node.pos.split('-').pop());
    const move = moveMenu(
      rows,
      dragged.menuId,
      target.menuId,
      info.dropToGap ? (position < 0 ? 'before' : 'after') : 'into',
    );
    if (move) void apply(dragged, move.parentId, move.order);
  };

  const step = (row: MenuRow, by: -1 | 1) => {
    const ids = stepped(
      siblingsOf(rows, row.parentId).map((r) => r.menuId),
      row.menuId,
      by,
    );
    if (ids) void apply(row, row.parentId, ids);
  };

  const nodes = (parentId: number): DataNode[] =>
    siblingsOf(rows, parentId).map((row, i, all) => ({
      key: row.menuId,
      title: (
        <div className="admin-menu-node" data-testid="menu-node">
          <span className="admin-menu-node-name">
            <strong>{row.menuName}</strong>
            {!row.visible && <Tag>隐藏</Tag>}
            <span className="admin-menu-node-path">{row.path}</span>
          </span>
          <Space size={0} wrap onClick={(e) => e.stopPropagation()}>
            <Button
              size="small"
              type="link"
              icon={<ArrowUpOutlined />}
              aria-label="上移"
              disabled={i === 0}
              onClick={() => step(row, -1)}
            />
            <Button
              size="small"
              type="link"
              icon={<ArrowDownOutlined />}
              aria-label="下移"
              disabled={i === all.length - 1}
              onClick={() => step(row, 1)}
            />
            <Button size="small" type="link" onClick={() => setEditing({ parentId: row.menuId })}>
              添加子菜单
            </Button>
            <Button size="small" type="link" onClick={() => setEditing({ row, parentId: row.parentId })}>
              编辑
            </Button>
            <ConfirmAction
              title={`${row.visible ? '隐藏' : '显示'}「${row.menuName}」？`}
              run={() => adminPost(`/api/admin/navMenu/${row.menuId}/${row.visible ? 'unpublish' : 'publish'}`)}
              reload={[LIST]}
            >
              {row.visible ? '隐藏' : '显示'}
            </ConfirmAction>
            <ConfirmAction
              title={`删除「${row.menuName}」？`}
              danger
              run={() => adminDelete(`/api/admin/navMenu/${row.menuId}`)}
              done="已删除"
              reload={[LIST]}
            >
              删除
            </ConfirmAction>
          </Space>
        </div>
      ),
      children: nodes(row.menuId),
    }));

  const parentOptions = [
    { value: 0, label: '（顶级菜单）' },
    ...rows.map((r) => ({ value: r.menuId, label: r.menuName })),
  ].filter((o) => o.value !== editing?.row?.menuId);

  return (
    <div className="admin-panel" data-testid="admin-menus">
      <div className="admin-table-bar">
        <span>拖动菜单可调整顺序或层级；手机上可用箭头调整顺序。</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })}>
          新增菜单
        </Button>
      </div>
      {menus.isLoading && <Skeleton active />}
      {menus.data && rows.length === 0 && <Empty description="暂无菜单" />}
      {rows.length > 0 && (
        <Tree
          className="admin-menu-tree"
          draggable={{ icon: false }}
          blockNode
          defaultExpandAll
          selectable={false}
          treeData={nodes(0)}
          onDrop={onDrop}
        />
      )}
      <FormModal<Values>
        title={editing?.row ? '编辑菜单' : '新增菜单'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        testId="menu-form"
        initialValues={
          editing?.row
            ? {
                menuName: editing.row.menuName,
                parentId: editing.row.parentId,
                path: editing.row.path,
                contentType: editing.row.contentType,
              }
            : { parentId: editing?.parentId ?? 0, contentType: 'list' }
        }
        reload={[LIST]}
        submit={(v) =>
          editing?.row
            ? adminPut(`/api/admin/navMenu/${editing.row.menuId}`, v)
            : adminPost('/api/admin/navMenu', { ...v, sort: siblingsOf(rows, v.parentId).length })
        }
      >
        <Form.Item name="menuName" label="菜单名称" rules={menuNameRules}>
          <Input maxLength={SiteLimits.MENU_NAME_MAX} />
        </Form.Item>
        <Form.Item name="parentId" label="上级菜单">
          <Select options={parentOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="path" label="地址">
          <Input placeholder="/about 或 https://…" maxLength={Limits.URL_MAX} />
        </Form.Item>
        <Form.Item name="contentType" label="展示方式">
          <Select options={modeOptions} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
