import { useMemo, useState } from 'react';
import { App, Button, Input, Modal, Radio, Space, Tooltip, Tree, TreeSelect, Typography } from 'antd';
import type { TreeProps } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { QuestionMsg, type QuestionGroupNode, type QuestionGroupTree, QuestionLimits } from '@textbook/contracts';
import { useQuestionActions } from '../../../api/questions';

/** What the list shows: every question, the ungrouped ones, or a group with its subgroups. */
export type GroupChoice = 'all' | 'ungrouped' | number;

interface Place {
  node: QuestionGroupNode;
  parentId: number | null;
  siblings: QuestionGroupNode[];
  index: number;
}

/** Every group's place in the tree, by id. */
export function placesOf(groups: QuestionGroupNode[]): Map<number, Place> {
  const out = new Map<number, Place>();
  const walk = (list: QuestionGroupNode[], parentId: number | null) =>
    list.forEach((node, index) => {
      out.set(node.id, { node, parentId, siblings: list, index });
      walk(node.children, node.id);
    });
  walk(groups, null);
  return out;
}

/** A TreeSelect option and its children. */
export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** Tree data for TreeSelect (optionally without one group's subtree). */
export function groupOptions(groups: QuestionGroupNode[], without?: number): TreeOption[] {
  return groups
    .filter((g) => g.id !== without)
    .map((g) => ({ value: g.id, title: g.name, children: groupOptions(g.children, without) }));
}

const idsIn = (node: QuestionGroupNode): number[] => [node.id, ...node.children.flatMap(idsIn)];

interface Props {
  tree: QuestionGroupTree | undefined;
  selected: GroupChoice;
  onSelect: (choice: GroupChoice) => void;
}

/**
 * The group tree: nested folders with their question counts, dragged to move (also moved by the buttons:
 * up, down, into the group above, out to the parent), new, renamed, deleted (asking where its questions go).
 */
export function GroupTree({ tree, selected, onSelect }: Props) {
  const { message } = App.useApp();
  const actions = useQuestionActions();
  const groups = useMemo(() => tree?.groups ?? [], [tree]);
  const places = useMemo(() => placesOf(groups), [groups]);
  const [naming, setNaming] = useState<{ id?: number; parentId: number | null; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{
    node: QuestionGroupNode;
    how: 'parent' | 'other' | 'delete';
    target?: number;
  } | null>(null);
  const [expanded, setExpanded] = useState<React.Key[] | undefined>(undefined);
  const current = typeof selected === 'number' ? places.get(selected) : undefined;
  // Every folder starts open; the teacher's folding is kept from then on.
  const allOpen = useMemo(
    () => [...places.values()].filter((p) => p.node.children.length).map((p) => p.node.id),
    [places],
  );
  const total = groups.reduce((sum, g) => sum + g.total, 0) + (tree?.ungrouped ?? 0);

  const move = async (id: number, parentId: number | null, position: number) => {
    await actions.moveGroup({ id, parentId, position });
    if (parentId !== null) setExpanded((keys) => [...new Set([...(keys ?? allOpen), parentId])]);
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const dropId = Number(info.node.key);
    const target = places.get(dropId);
    if (!target || dragId === dropId) return;
    if (!info.dropToGap) {
      void move(dragId, dropId, 0);
      return;
    }
    const rest = target.siblings.filter((s) => s.id !== dragId);
    const at = rest.findIndex((s) => s.id === dropId);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    void move(dragId, target.parentId, relative === -1 ? at : at + 1);
  };

  const treeData = useMemo(() => {
    const map = (list: QuestionGroupNode[]): NonNullable<TreeProps['treeData']> =>
      list.map((g) => ({
        key: g.id,
        title: (
          <span className="qb-group-title">
            <span className="qb-group-name">{g.name}</span>
            <span className="qb-group-count">{g.total}</span>
          </span>
        ),
        children: map(g.children),
      }));
    return map(groups);
  }, [groups]);

  const saveName = async () => {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) {
      message.error(QuestionMsg.GROUP_NAME_REQUIRED);
      return;
    }
    if (naming.id) await actions.renameGroup({ id: naming.id, name });
    else {
      const made = await actions.addGroup({ name, parentId: naming.parentId });
      if (naming.parentId !== null) setExpanded((keys) => [...new Set([...(keys ?? allOpen), naming.parentId!])]);
      onSelect(made.id);
    }
    setNaming(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { node, how, target } = deleting;
    if (node.total > 0 && how === 'other' && !target) {
      message.error('请选择题目要移动到的分组');
      return;
    }
    await actions.deleteGroup({
      id: node.id,
      questions: node.total === 0 ? undefined : how === 'delete' ? 'delete' : 'move',
      targetId: node.total > 0 && how === 'other' ? target : undefined,
    });
    message.success('分组已删除');
    if (typeof selected === 'number' && idsIn(node).includes(selected)) onSelect('all');
    setDeleting(null);
  };

  const p = current;
  const above = p && p.index > 0 ? p.siblings[p.index - 1] : undefined;
  const parentPlace = p && p.parentId !== null ? places.get(p.parentId) : undefined;

  return (
    <div className="qb-groups">
      <div className="qb-groups-head">
        <Typography.Text strong>题目分组</Typography.Text>
        <Button size="small" icon={<FolderAddOutlined />} onClick={() => setNaming({ parentId: null, name: '' })}>
          新建分组
        </Button>
      </div>
      <div className="qb-groups-fixed" role="listbox" aria-label="题目范围">
        <button
          type="button"
          role="option"
          aria-selected={selected === 'all'}
          className={`qb-fixed${selected === 'all' ? ' active' : ''}`}
          onClick={() => onSelect('all')}
        >
          <span>全部题目</span>
          <span className="qb-group-count">{total}</span>
        </button>
        <button
          type="button"
          role="option"
          aria-selected={selected === 'ungrouped'}
          className={`qb-fixed${selected === 'ungrouped' ? ' active' : ''}`}
          onClick={() => onSelect('ungrouped')}
        >
          <span>{QuestionMsg.UNGROUPED}</span>
          <span className="qb-group-count">{tree?.ungrouped ?? 0}</span>
        </button>
      </div>
      <Tree
        className="qb-tree"
        blockNode
        draggable={{ icon: false }}
        treeData={treeData}
        selectedKeys={typeof selected === 'number' ? [selected] : []}
        expandedKeys={expanded ?? allOpen}
        onExpand={(keys) => setExpanded(keys)}
        onSelect={(keys) => keys[0] !== undefined && onSelect(Number(keys[0]))}
        onDrop={onDrop}
        aria-label="分组树"
      />
      {p && (
        <div className="qb-group-actions" role="toolbar" aria-label={`分组“${p.node.name}”的操作`}>
          <Space size={4} wrap>
            <Tooltip title="新建子分组">
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                aria-label="新建子分组"
                onClick={() => setNaming({ parentId: p.node.id, name: '' })}
              />
            </Tooltip>
            <Tooltip title="重命名">
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label="重命名"
                onClick={() => setNaming({ id: p.node.id, parentId: p.parentId, name: p.node.name })}
              />
            </Tooltip>
            <Tooltip title="上移">
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label="上移"
                disabled={p.index === 0}
                onClick={() => move(p.node.id, p.parentId, p.index - 1)}
              />
            </Tooltip>
            <Tooltip title="下移">
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label="下移"
                disabled={p.index === p.siblings.length - 1}
                onClick={() => move(p.node.id, p.parentId, p.index + 1)}
              />
            </Tooltip>
            <Tooltip title="移入上方分组">
              <Button
                size="small"
                icon={<MenuUnfoldOutlined />}
                aria-label="移入上方分组"
                disabled={!above}
                onClick={() => above && move(p.node.id, above.id, above.children.length)}
              />
            </Tooltip>
            <Tooltip title="移到上一级">
              <Button
                size="small"
                icon={<MenuFoldOutlined />}
                aria-label="移到上一级"
                disabled={!parentPlace}
                onClick={() => parentPlace && move(p.node.id, parentPlace.parentId, parentPlace.index + 1)}
              />
            </Tooltip>
            <Tooltip title="删除分组">
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除分组"
                onClick={() => setDeleting({ node: p.node, how: 'parent' })}
              />
            </Tooltip>
          </Space>
        </div>
      )}

      <Modal
        title={
          naming?.id
            ? '重命名分组'
            : naming?.parentId
              ? `新建子分组（在“${places.get(naming.parentId)?.node.name ?? ''}”下）`
              : '新建分组'
        }
        open={naming !== null}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setNaming(null)}
        onOk={saveName}
      >
        <Input
          autoFocus
          aria-label="分组名称"
          placeholder="分组名称"
          maxLength={QuestionLimits.GROUP_NAME_MAX}
          value={naming?.name ?? ''}
          onChange={(e) => setNaming((n) => (n ? { ...n, name: e.target.value } : n))}
          onPressEnter={saveName}
        />
      </Modal>

      <Modal
        title={`删除分组“${deleting?.node.name ?? ''}”`}
        open={deleting !== null}
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setDeleting(null)}
        onOk={confirmDelete}
      >
        {deleting && deleting.node.total === 0 && (
          <p>该分组{deleting.node.children.length ? '及其子分组' : ''}下没有题目，确定删除吗？</p>
        )}
        {deleting && deleting.node.total > 0 && (
          <>
            <p>该分组（含子分组）下有 {deleting.node.total} 道题目，请选择如何处理：</p>
            <Radio.Group
              value={deleting.how}
              onChange={(e) => setDeleting({ ...deleting, how: e.target.value })}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            >
              <Radio value="parent">
                移动到{places.get(deleting.node.id)?.parentId ? '上级分组' : `“${QuestionMsg.UNGROUPED}”`}
              </Radio>
              <Radio value="other">移动到其他分组</Radio>
              <Radio value="delete">与分组一并删除题目</Radio>
            </Radio.Group>
            {deleting.how === 'other' && (
              <TreeSelect
                style={{ width: '100%', marginTop: 12 }}
                placeholder="选择分组"
                aria-label="目标分组"
                treeDefaultExpandAll
                value={deleting.target}
                treeData={groupOptions(groups, deleting.node.id)}
                onChange={(value: number) => setDeleting({ ...deleting, target: value })}
              />
            )}
          </>
        )}
      </Modal>
    </div>
  );
}
