import { useState } from 'react';
import { App, Button, Checkbox, Form, Modal, Radio, Rate, Segmented, Select, Space, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DIFFICULTY_LABEL,
  OPTION_KEYS,
  QUESTION_TYPE_LABEL,
  QUESTION_TYPES,
  QuestionLimits,
  QuestionMsg,
  questionSave,
  type QuestionGroupNode,
  type QuestionOption,
  type QuestionRow,
  type QuestionTypeCode,
  type SectionNode,
} from '@textbook/contracts';
import { useClassBooks } from '../../../api/classes';
import { useQuestionActions, useSectionTree } from '../../../api/questions';
import { groupOptions, type TreeOption } from './GroupTree';
import { RichEditor } from './RichEditor';

interface Draft {
  type: QuestionTypeCode;
  groupId: number | null;
  stem: string;
  options: QuestionOption[];
  single: string;
  multiple: string[];
  judge: boolean | null;
  blanks: string[][];
  reference: string;
  analysis: string;
  difficulty: number;
  tags: string[];
  bookId: number | null;
  sectionId: number | null;
}

const blankOptions = (): QuestionOption[] => ['A', 'B', 'C', 'D'].map((key) => ({ key, html: '' }));

function draftOf(row: QuestionRow | null, groupId: number | null): Draft {
  const d: Draft = {
    type: row?.type ?? 'single',
    groupId: row ? row.groupId : groupId,
    stem: row?.stem ?? '',
    options: row && row.options.length ? row.options : blankOptions(),
    single: '',
    multiple: [],
    judge: null,
    blanks: [[]],
    reference: '',
    analysis: row?.analysis ?? '',
    difficulty: row?.difficulty ?? 3,
    tags: row?.tags ?? [],
    bookId: row?.bookId ?? null,
    sectionId: row?.sectionId ?? null,
  };
  if (!row) return d;
  if (row.type === 'single' && typeof row.answer === 'string') d.single = row.answer;
  if (row.type === 'multiple' && Array.isArray(row.answer)) d.multiple = row.answer as string[];
  if (row.type === 'judge' && typeof row.answer === 'boolean') d.judge = row.answer;
  if (row.type === 'blank' && Array.isArray(row.answer)) d.blanks = row.answer as string[][];
  if (row.type === 'short' && typeof row.answer === 'string') d.reference = row.answer;
  return d;
}

function bodyOf(d: Draft) {
  const answer =
    d.type === 'single'
      ? d.single
      : d.type === 'multiple'
        ? d.multiple
        : d.type === 'judge'
          ? d.judge
          : d.type === 'blank'
            ? d.blanks
            : d.reference;
  return {
    type: d.type,
    groupId: d.groupId,
    stem: d.stem,
    options: d.type === 'single' || d.type === 'multiple' ? d.options : [],
    answer,
    analysis: d.analysis,
    difficulty: d.difficulty,
    tags: d.tags,
    bookId: d.bookId,
    sectionId: d.sectionId,
  };
}

const sectionOptions = (nodes: SectionNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, children: sectionOptions(n.children) }));

interface Props {
  open: boolean;
  editing: QuestionRow | null;
  groups: QuestionGroupNode[];
  defaultGroup: number | null;
  onClose: () => void;
}

/**
 * The question dialog: type, stem, type-specific answer fields, analysis, difficulty, tags, group, book section.
 * The page mounts it per question opened (its draft starts from the question).
 */
export function QuestionEditor({ open, editing, groups, defaultGroup, onClose }: Props) {
  const { message } = App.useApp();
  const actions = useQuestionActions();
  const [d, setD] = useState<Draft>(() => draftOf(editing, defaultGroup));
  const [saving, setSaving] = useState(false);
  const books = useClassBooks();
  const sections = useSectionTree(d.bookId ?? undefined);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const submit = async () => {
    const body = bodyOf(d);
    const checked = questionSave.safeParse(body);
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? QuestionMsg.STEM_REQUIRED);
      return;
    }
    setSaving(true);
    try {
      await actions.save(editing ? { ...checked.data, id: editing.id } : checked.data);
      message.success(editing ? '题目已保存（新版本）' : '题目已添加');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const choice = d.type === 'single' || d.type === 'multiple';

  return (
    <Modal
      title={editing ? '编辑题目' : '新建题目'}
      open={open}
      width={820}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="qb-editor-modal"
    >
      <Form layout="vertical" className="qb-editor-form">
        <Form.Item label="题型">
          <Segmented
            value={d.type}
            options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABEL[t] }))}
            onChange={(value) => set({ type: value as QuestionTypeCode })}
          />
        </Form.Item>
        <Form.Item label="题干" required>
          <RichEditor
            label="题干"
            value={d.stem}
            onChange={(stem) => set({ stem })}
            placeholder={d.type === 'blank' ? '每个空写作 ____' : undefined}
          />
          {d.type === 'blank' && (
            <div className="qb-hint">在题干中用 ____（三个以上下划线）表示每个空，下面依次填写每个空的答案。</div>
          )}
        </Form.Item>

        {choice && (
          <Form.Item label={d.type === 'single' ? '选项（选中正确答案）' : '选项（勾选所有正确答案）'} required>
            <div className="qb-options">
              {d.options.map((o, i) => (
                <div key={o.key} className="qb-option">
                  {d.type === 'single' ? (
                    <Radio
                      checked={d.single === o.key}
                      onChange={() => set({ single: o.key })}
                      aria-label={`正确答案 ${o.key}`}
                    >
                      {o.key}
                    </Radio>
                  ) : (
                    <Checkbox
                      checked={d.multiple.includes(o.key)}
                      aria-label={`正确答案 ${o.key}`}
                      onChange={(e) =>
                        set({
                          multiple: e.target.checked
                            ? [...d.multiple, o.key].sort()
                            : d.multiple.filter((k) => k !== o.key),
                        })
                      }
                    >
                      {o.key}
                    </Checkbox>
                  )}
                  <div className="qb-option-text">
                    <RichEditor
                      compact
                      label={`选项${o.key}`}
                      value={o.html}
                      onChange={(html) => set({ options: d.options.map((x, j) => (j === i ? { ...x, html } : x)) })}
                    />
                  </div>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`删除选项${o.key}`}
                    disabled={d.options.length <= QuestionLimits.OPTIONS_MIN}
                    onClick={() => {
                      const rest = d.options.filter((_, j) => j !== i).map((x, j) => ({ ...x, key: OPTION_KEYS[j]! }));
                      set({ options: rest, single: '', multiple: [] });
                    }}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={d.options.length >= QuestionLimits.OPTIONS_MAX}
                onClick={() => set({ options: [...d.options, { key: OPTION_KEYS[d.options.length]!, html: '' }] })}
              >
                添加选项
              </Button>
            </div>
          </Form.Item>
        )}

        {d.type === 'judge' && (
          <Form.Item label="答案" required>
            <Radio.Group value={d.judge} onChange={(e) => set({ judge: e.target.value })}>
              <Radio value={true}>{QuestionMsg.TRUE}</Radio>
              <Radio value={false}>{QuestionMsg.FALSE}</Radio>
            </Radio.Group>
          </Form.Item>
        )}

        {d.type === 'blank' && (
          <Form.Item label="每个空的答案（可填多个可接受答案，回车确认）" required>
            <Space direction="vertical" style={{ width: '100%' }}>
              {d.blanks.map((alternatives, i) => (
                <div key={i} className="qb-blank">
                  <span className="qb-blank-no">第{i + 1}空</span>
                  <Select
                    mode="tags"
                    aria-label={`第${i + 1}空的答案`}
                    style={{ flex: 1 }}
                    placeholder="输入答案后回车"
                    value={alternatives}
                    open={false}
                    suffixIcon={null}
                    onChange={(values: string[]) => set({ blanks: d.blanks.map((b, j) => (j === i ? values : b)) })}
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${i + 1}空`}
                    disabled={d.blanks.length <= 1}
                    onClick={() => set({ blanks: d.blanks.filter((_, j) => j !== i) })}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={d.blanks.length >= QuestionLimits.BLANKS_MAX}
                onClick={() => set({ blanks: [...d.blanks, []] })}
              >
                添加一个空
              </Button>
            </Space>
          </Form.Item>
        )}

        {d.type === 'short' && (
          <Form.Item label="参考答案（批阅时显示）">
            <RichEditor label="参考答案" value={d.reference} onChange={(reference) => set({ reference })} />
          </Form.Item>
        )}

        <Form.Item label="解析">
          <RichEditor label="解析" value={d.analysis} onChange={(analysis) => set({ analysis })} />
        </Form.Item>

        <div className="qb-editor-row">
          <Form.Item label="难度">
            <Rate
              count={5}
              value={d.difficulty}
              tooltips={[1, 2, 3, 4, 5].map((n) => DIFFICULTY_LABEL[n]!)}
              onChange={(difficulty) => set({ difficulty: difficulty || 1 })}
            />
          </Form.Item>
          <Form.Item label="分组">
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              aria-label="所属分组"
              placeholder={QuestionMsg.UNGROUPED}
              value={d.groupId ?? undefined}
              treeData={groupOptions(groups)}
              onChange={(value?: number) => set({ groupId: value ?? null })}
              style={{ minWidth: 200 }}
            />
          </Form.Item>
        </div>
        <Form.Item label="标签">
          <Select
            mode="tags"
            aria-label="标签"
            placeholder="输入标签后回车"
            value={d.tags}
            maxCount={QuestionLimits.TAGS_MAX}
            open={false}
            suffixIcon={null}
            onChange={(tags: string[]) => set({ tags })}
          />
        </Form.Item>
        <div className="qb-editor-row">
          <Form.Item label="教材">
            <Select
              allowClear
              aria-label="教材"
              placeholder="选择教材（可不选）"
              loading={books.isLoading}
              value={d.bookId ?? undefined}
              options={(books.data ?? []).map((b) => ({ value: b.bookId, label: b.bookName }))}
              onChange={(value?: number) => set({ bookId: value ?? null, sectionId: null })}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          <Form.Item label="章节">
            <TreeSelect
              allowClear
              aria-label="章节"
              placeholder={d.bookId ? '选择章节' : '先选择教材'}
              disabled={!d.bookId}
              loading={sections.isLoading}
              value={d.sectionId ?? undefined}
              treeData={sectionOptions(sections.data ?? [])}
              onChange={(value?: number) => set({ sectionId: value ?? null })}
              style={{ minWidth: 220 }}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
