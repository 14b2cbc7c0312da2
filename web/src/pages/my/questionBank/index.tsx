import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Collapse, Grid, Input, Popconfirm, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DIFFICULTY_LABEL,
  QUESTION_TYPE_LABEL,
  QUESTION_TYPES,
  type QuestionRow,
  type QuestionTypeCode,
  type SectionNode,
} from '@textbook/contracts';
import { useClassBooks } from '../../../api/classes';
import {
  exportQuestions,
  useQuestionActions,
  questionList,
  useQuestionTree,
  useSectionTree,
  type QuestionFilters,
} from '../../../api/questions';
import { ListTable } from '../../../kit/ListTable';
import { GroupTree, placesOf, type GroupChoice, type TreeOption } from './GroupTree';
import { MathHtml } from './MathHtml';
import './questionBank.css';

// The editor (tiptap) and the import dialog load when first opened: the list itself needs neither.
const QuestionEditor = lazy(() => import('./QuestionEditor').then((m) => ({ default: m.QuestionEditor })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

function answerText(row: QuestionRow): string {
  const a = row.answer;
  if (row.type === 'judge') return a === true ? '正确' : '错误';
  if (row.type === 'multiple' && Array.isArray(a)) return (a as string[]).join('');
  if (row.type === 'blank' && Array.isArray(a)) return (a as string[][]).map((alts) => alts.join(' / ')).join('；');
  if (row.type === 'short') return '教师批阅';
  return String(a);
}

const sectionOptions = (nodes: SectionNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, children: sectionOptions(n.children) }));

/** My question bank (spec §2 /my/questionBank, §7 Question bank): groups on the left, the questions on the right. */
function QuestionBank() {
  const { message } = App.useApp();
  const phone = Grid.useBreakpoint().md === false;
  const tree = useQuestionTree();
  const actions = useQuestionActions();
  const books = useClassBooks();
  const [group, setGroup] = useState<GroupChoice>('all');
  const [type, setType] = useState<QuestionTypeCode | undefined>();
  const [difficulty, setDifficulty] = useState<number | undefined>();
  const [bookId, setBookId] = useState<number | undefined>();
  const [sectionId, setSectionId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [editor, setEditor] = useState<{ open: boolean; row: QuestionRow | null }>({ open: false, row: null });
  const [importing, setImporting] = useState(false);
  const sections = useSectionTree(bookId);

  const filters: QuestionFilters = useMemo(
    () => ({
      groupId: typeof group === 'number' ? group : undefined,
      ungrouped: group === 'ungrouped' ? '1' : undefined,
      type,
      difficulty,
      bookId,
      sectionId,
      keyword: keyword.trim() || undefined,
    }),
    [group, type, difficulty, bookId, sectionId, keyword],
  );
  const groups = useMemo(() => tree.data?.groups ?? [], [tree.data]);
  const places = useMemo(() => placesOf(groups), [groups]);
  const scopeName =
    group === 'all' ? '全部题目' : group === 'ungrouped' ? '未分组' : (places.get(group)?.node.name ?? '全部题目');

  const groupTree = <GroupTree tree={tree.data} selected={group} onSelect={setGroup} />;

  return (
    <div className="qb">
      <div className="qb-head">
        <Typography.Title level={4}>我的题库</Typography.Title>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, row: null })}>
            新建题目
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <Button icon={<ExportOutlined />} onClick={() => void exportQuestions(filters)}>
            导出
          </Button>
        </Space>
      </div>
      <div className={`qb-body${phone ? ' phone' : ''}`}>
        {phone ? (
          <Collapse
            className="qb-groups-collapse"
            items={[{ key: 'groups', label: `分组：${scopeName}`, children: groupTree }]}
          />
        ) : (
          <aside className="qb-side">{groupTree}</aside>
        )}
        <section className="qb-main" aria-label="题目列表">
          <div className="qb-filters">
            <Input.Search
              allowClear
              placeholder="搜索题干或标签"
              aria-label="搜索题目"
              onSearch={setKeyword}
              style={{ width: phone ? '100%' : 220 }}
            />
            <Select
              allowClear
              placeholder="题型"
              aria-label="题型"
              value={type}
              onChange={setType}
              options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABEL[t] }))}
              style={{ width: 110 }}
            />
            <Select
              allowClear
              placeholder="难度"
              aria-label="难度"
              value={difficulty}
              onChange={setDifficulty}
              options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: DIFFICULTY_LABEL[n] }))}
              style={{ width: 100 }}
            />
            <Select
              allowClear
              placeholder="教材"
              aria-label="按教材筛选"
              value={bookId}
              onChange={(v?: number) => {
                setBookId(v);
                setSectionId(undefined);
              }}
              options={(books.data ?? []).map((b) => ({ value: b.bookId, label: b.bookName }))}
              style={{ width: phone ? 150 : 180 }}
            />
            {bookId && (
              <TreeSelect
                allowClear
                placeholder="章节"
                aria-label="按章节筛选"
                value={sectionId}
                onChange={setSectionId}
                treeData={sectionOptions(sections.data ?? [])}
                popupMatchSelectWidth={false}
                style={{ width: 180 }}
              />
            )}
          </div>
          <ListTable<QuestionRow>
            variant="centre"
            source={questionList}
            params={filters}
            rowKey="id"
            totalText={(total) => `共 ${total} 道`}
            pager={{ size: 'small' }}
            table={{
              size: phone ? 'small' : 'middle',
              scroll: undefined,
              locale: { emptyText: '暂无题目' },
              expandable: {
                expandedRowRender: (row) => (
                  <div className="qb-detail">
                    <MathHtml html={row.stem} />
                    {row.options.length > 0 && (
                      <ol className="qb-detail-options">
                        {row.options.map((o) => (
                          <li key={o.key}>
                            <b>{o.key}.</b> <MathHtml html={o.html} className="inline" />
                          </li>
                        ))}
                      </ol>
                    )}
                    <div>
                      <b>答案：</b>
                      {row.type === 'short' ? (
                        <MathHtml html={typeof row.answer === 'string' ? row.answer : ''} />
                      ) : (
                        answerText(row)
                      )}
                    </div>
                    {row.analysis && (
                      <div>
                        <b>解析：</b>
                        <MathHtml html={row.analysis} />
                      </div>
                    )}
                    {row.bookTitle && (
                      <div className="qb-meta">
                        {row.bookTitle}
                        {row.sectionTitle ? ` · ${row.sectionTitle}` : ''}
                      </div>
                    )}
                  </div>
                ),
              },
            }}
            columns={[
              {
                title: '题干',
                key: 'stem',
                render: (_, row) => (
                  <div className="qb-stem-cell">
                    <MathHtml html={row.stem} className="qb-stem-clamp" />
                    <div className="qb-meta">
                      {row.groupName ?? '未分组'} · v{row.version}
                      {row.tags.map((t) => (
                        <Tag key={t} bordered={false}>
                          {t}
                        </Tag>
                      ))}
                    </div>
                  </div>
                ),
              },
              {
                title: '题型',
                dataIndex: 'type',
                width: 80,
                render: (t: QuestionTypeCode) => <Tag color="blue">{QUESTION_TYPE_LABEL[t]}</Tag>,
              },
              ...(phone
                ? []
                : [
                    {
                      title: '难度',
                      dataIndex: 'difficulty',
                      width: 70,
                      render: (n: number) => DIFFICULTY_LABEL[n],
                    },
                    {
                      title: '答案',
                      key: 'answer',
                      width: 130,
                      ellipsis: true,
                      render: (_: unknown, row: QuestionRow) => answerText(row),
                    },
                  ]),
              {
                title: '操作',
                key: 'ops',
                width: phone ? 90 : 120,
                render: (_, row) => (
                  <Space size={0} wrap>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setEditor({ open: true, row })}
                      aria-label={`编辑题目${row.id}`}
                    >
                      编辑
                    </Button>
                    <Popconfirm
                      title="删除这道题目？"
                      description="已发布的作业仍保留它当时的内容。"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={async () => {
                        await actions.remove(row.id);
                        message.success('已删除');
                      }}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </section>
      </div>
      <Suspense fallback={null}>
        {editor.open && (
          <QuestionEditor
            key={editor.row ? `${editor.row.id}:${editor.row.version}` : 'new'}
            open
            editing={editor.row}
            groups={groups}
            defaultGroup={typeof group === 'number' ? group : null}
            onClose={() => setEditor({ open: false, row: null })}
          />
        )}
        {importing && <ImportDialog open onClose={() => setImporting(false)} />}
      </Suspense>
    </div>
  );
}

/** The page within antd's App, so its dialogs and messages have their context. */
export default function QuestionBankPage() {
  return (
    <App component={false}>
      <QuestionBank />
    </App>
  );
}
