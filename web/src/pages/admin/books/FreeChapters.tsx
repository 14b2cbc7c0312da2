import { useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Modal, Space, Spin, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminBookRow, SectionNode } from '@textbook/contracts';
import { adminGet, adminPut } from '../../../api/admin';

interface TocNode {
  key: string;
  title: string;
  chapterId: number | null;
  children: TocNode[];
}

const toNodes = (sections: SectionNode[]): TocNode[] =>
  sections.map((s) => ({
    key: String(s.id),
    title: s.title || '（无标题）',
    chapterId: s.chapterId,
    children: toNodes(s.children),
  }));

function walk(nodes: TocNode[], visit: (n: TocNode) => void) {
  for (const n of nodes) {
    visit(n);
    walk(n.children, visit);
  }
}

/**
 * The chapters free to preview, picked from the book's table of contents: ticking an entry frees the chapter it
 * opens (entries of one chapter tick together).
 */
function Picker({ book, onClose }: { book: AdminBookRow; onClose: () => void }) {
  const { message } = App.useApp();
  const tree = useQuery({
    queryKey: ['admin', 'toc', book.id],
    queryFn: () => adminGet<SectionNode[]>('/api/book/sectionTree', { bookId: book.id }),
  });
  const nodes = useMemo(() => toNodes(tree.data ?? []), [tree.data]);
  const initial = useMemo(() => {
    const free = new Set<number>();
    const visit = (list: SectionNode[]) =>
      list.forEach((s) => {
        if (s.free && s.chapterId) free.add(s.chapterId);
        visit(s.children);
      });
    visit(tree.data ?? []);
    return free;
  }, [tree.data]);
  const [chosen, setChosen] = useState<Set<number>>();
  const free = chosen ?? initial;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const checked: string[] = [];
  walk(nodes, (n) => {
    if (n.chapterId && free.has(n.chapterId)) checked.push(n.key);
  });

  const toggle = (node: TocNode, on: boolean) => {
    if (!node.chapterId) return;
    const next = new Set(free);
    if (on) next.add(node.chapterId);
    else next.delete(node.chapterId);
    setChosen(next);
  };

  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await adminPut(`/api/admin/book/${book.id}/freeChapters`, { chapterIds: [...free] });
      void message.success('试读章节已保存');
      void tree.refetch();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (tree.isLoading) return <Spin />;
  if (!nodes.length) return <Empty description="这本书没有目录" />;
  return (
    <div data-testid="free-chapters">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="form-error" />}
      <Typography.Paragraph type="secondary">
        勾选读者无需购买即可试读的章节（已选 {free.size} 章）。
      </Typography.Paragraph>
      <div className="admin-toc">
        <Tree<TocNode>
          checkable
          checkStrictly
          defaultExpandAll
          selectable={false}
          treeData={nodes}
          checkedKeys={checked}
          onCheck={(_, info) => toggle(info.node, info.checked)}
        />
      </div>
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          保存
        </Button>
      </Space>
    </div>
  );
}

export function FreeChapters({ book, onClose }: { book?: AdminBookRow; onClose: () => void }) {
  return (
    <Modal
      title={book ? `试读章节：《${book.title}》` : '试读章节'}
      open={Boolean(book)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {book && <Picker book={book} onClose={onClose} />}
    </Modal>
  );
}
