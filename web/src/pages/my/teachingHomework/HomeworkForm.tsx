import { useEffect, useState } from 'react';
import {
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  TreeSelect,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { chinaDayjs, PICKER_FORMAT as FORMAT, pickerValue } from '../../../ui/dayjs';
import {
  BEIJING_TIME_NOTE,
  HomeworkLimits,
  readsChinaTime,
  type HomeworkClass,
  type HomeworkRow,
  type HomeworkSectionNode,
  type Paged,
} from '@textbook/contracts';
import { deductRules, sectionRules, timesRules, titleRules } from './rules';
import { api } from '../../../api';
import { useHomeworkActions, useHomeworkConfig, type HomeworkForm as FormBody } from '../../../api/homework';
import { QuestionHtml, TYPE_LABEL } from '../../../components/Homework/QuestionHtml';

interface BankQuestion {
  id: number;
  type: string;
  stem: string;
  difficulty: number;
  groupName: string | null;
}
interface GroupNode {
  id: number;
  name: string;
  total: number;
  children: GroupNode[];
}

interface Picked {
  questionId: number;
  score: number;
  type: string;
  stem: string;
}

interface Values {
  title: string;
  sectionId: number;
  description?: string;
  range: [Dayjs, Dayjs];
  lateRule: 'none' | 'deduct';
  lateDeduct?: number;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

export function sectionOptions(nodes: HomeworkSectionNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.title, children: sectionOptions(n.children) }));
}

function groupOptions(nodes: GroupNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: `${n.name}（${n.total}）`, children: groupOptions(n.children) }));
}

/** The bank's questions to pick from (type and text filters), as a checkbox table. */
function PickDialog({
  open,
  chosen,
  onClose,
  onPick,
}: {
  open: boolean;
  chosen: number[];
  onClose: () => void;
  onPick: (rows: BankQuestion[]) => void;
}) {
  const [type, setType] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<BankQuestion[]>([]);
  const list = useQuery({
    queryKey: ['homework', 'bank', type, keyword, pageNum],
    queryFn: () => api.get<Paged<BankQuestion>>('/api/myQuestion/getList', { type, keyword, pageNum, pageSize: 10 }),
    enabled: open,
  });
  return (
    <Modal
      open={open}
      title="从题库选题"
      width={760}
      okText={`加入 ${selected.length} 题`}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => {
        onPick(selected);
        setSelected([]);
      }}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="题型"
          style={{ width: 120 }}
          value={type}
          onChange={(v) => {
            setType(v);
            setPageNum(1);
          }}
          options={Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search
          placeholder="搜索题干"
          allowClear
          onSearch={(v) => {
            setKeyword(v);
            setPageNum(1);
          }}
          style={{ width: 220 }}
        />
      </Space>
      <Table<BankQuestion>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        pagination={{ current: pageNum, total: list.data?.total ?? 0, pageSize: 10, onChange: setPageNum }}
        rowSelection={{
          selectedRowKeys: selected.map((s) => s.id),
          getCheckboxProps: (row) => ({ disabled: chosen.includes(row.id) }),
          onChange: (_keys, rows) => setSelected(rows),
          preserveSelectedRowKeys: true,
        }}
        columns={[
          { title: '题型', dataIndex: 'type', width: 80, render: (t: string) => TYPE_LABEL[t] ?? t },
          {
            title: '题干',
            dataIndex: 'stem',
            render: (s: string) => <span className="hw-ellipsis">{plain(s).slice(0, 80)}</span>,
          },
          { title: '分组', dataIndex: 'groupName', width: 110, render: (g: string | null) => g ?? '未分组' },
        ]}
      />
    </Modal>
  );
}

/** The draw rows: a group (or the whole bank), a type, a count and a score each. */
interface Draw {
  key: number;
  groupId: number | null;
  type: string;
  count: number;
  score: number;
}

/**
 * The homework form (create or edit a draft; released homework keeps its questions): chapter, title, times,
 * late rule, questions picked from the bank with a score each, and questions drawn at random by type and count.
 */
export function HomeworkForm({
  cls,
  tree,
  editing,
  sectionId,
  onClose,
}: {
  cls: HomeworkClass;
  tree: HomeworkSectionNode[];
  editing: { row: HomeworkRow; items: Picked[] } | null;
  sectionId?: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const config = useHomeworkConfig();
  const actions = useHomeworkActions();
  const [picked, setPicked] = useState<Picked[]>(editing?.items ?? []);
  const [draws, setDraws] = useState<Draw[]>([]);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const released = editing?.row.status === 1;
  const groups = useQuery({
    queryKey: ['homework', 'bankGroups'],
    queryFn: () => api.get<{ groups: GroupNode[] }>('/api/myQuestionGroup/getTree'),
  });
  const defaults = config.data;
  const scoreOf = (type: string) => defaults?.defaultScores[type] ?? 2;

  useEffect(() => {
    if (editing) {
      form.setFieldsValue({
        title: editing.row.title,
        sectionId: editing.row.sectionId,
        range: [pickerValue(editing.row.openTime), pickerValue(editing.row.dueTime)],
        lateRule: editing.row.lateRule,
        lateDeduct: editing.row.lateDeduct || defaults?.defaultLateDeduct,
      });
    } else if (defaults) {
      // Beijing's now, whatever the browser's zone (the label says 北京时间 where it differs).
      const open = chinaDayjs().second(0);
      form.setFieldsValue({
        sectionId,
        range: [open, open.add(defaults.defaultDays, 'day').hour(23).minute(59)],
        lateRule: defaults.defaultLateRule,
        lateDeduct: defaults.defaultLateDeduct,
      });
    }
  }, [editing, defaults, form, sectionId]);

  const total = picked.reduce((s, p) => s + p.score, 0) + draws.reduce((s, d) => s + d.count * d.score, 0);

  const finish = async (v: Values) => {
    const body: Omit<FormBody, 'classId'> = {
      sectionId: v.sectionId,
      title: v.title,
      description: v.description ?? '',
      openTime: v.range[0].format(FORMAT),
      dueTime: v.range[1].format(FORMAT),
      lateRule: v.lateRule,
      lateDeduct: v.lateRule === 'deduct' ? (v.lateDeduct ?? 0) : 0,
      items: picked.map((p) => ({ questionId: p.questionId, score: p.score })),
      draws: draws.map(({ groupId, type, count, score }) => ({ groupId, type, count, score })),
    };
    setSaving(true);
    try {
      if (editing) {
        await actions.update(editing.row.id, released ? { ...body, items: [], draws: [] } : body);
      } else {
        await actions.save({ classId: cls.id, ...body });
      }
      message.success('作业已保存');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const lateRule = Form.useWatch('lateRule', form);
  return (
    <Drawer
      open
      size={720}
      title={editing ? '编辑作业' : `布置作业 · ${cls.name}`}
      onClose={onClose}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          保存草稿
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={finish} requiredMark={false}>
        <Form.Item name="title" label="作业名称" rules={titleRules}>
          <Input maxLength={HomeworkLimits.TITLE_MAX} placeholder="如：第一章 课后练习" />
        </Form.Item>
        <Form.Item name="sectionId" label="章节" rules={sectionRules}>
          <TreeSelect
            treeData={sectionOptions(tree)}
            treeDefaultExpandAll
            placeholder="选择教材章节"
            disabled={released}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="range" label={`开放与截止时间${readsChinaTime() ? '' : BEIJING_TIME_NOTE}`} rules={timesRules}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="lateRule" label="迟交">
            <Radio.Group options={(defaults?.lateRules ?? []).map((r) => ({ value: r.value, label: r.label }))} />
          </Form.Item>
          {lateRule === 'deduct' && (
            <Form.Item name="lateDeduct" label="扣分比例" rules={deductRules}>
              <InputNumber {...HomeworkLimits.LATE_DEDUCT} suffix="%" style={{ width: 120 }} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="description" label="作业说明">
          <Input.TextArea maxLength={HomeworkLimits.DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
      <div className="hw-teach-head">
        <strong>
          题目（{picked.length + draws.reduce((s, d) => s + d.count, 0)} 题，共 {Math.round(total * 10) / 10} 分）
        </strong>
        {!released && (
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              从题库选题
            </Button>
            <Button
              icon={<PlusOutlined />}
              onClick={() =>
                setDraws((d) => [
                  ...d,
                  { key: Date.now(), groupId: null, type: 'single', count: 5, score: scoreOf('single') },
                ])
              }
            >
              随机抽题
            </Button>
          </Space>
        )}
      </div>
      {released && <p className="hw-meta">作业已发布，题目和分值不能再修改；可修改名称、时间和迟交规则。</p>}
      <Table<Picked>
        rowKey="questionId"
        size="small"
        pagination={false}
        style={{ marginTop: 8 }}
        dataSource={picked}
        locale={{ emptyText: '尚未选择题目' }}
        columns={[
          { title: '#', width: 40, render: (_v, _r, i) => i + 1 },
          { title: '题型', dataIndex: 'type', width: 76, render: (t: string) => <Tag>{TYPE_LABEL[t] ?? t}</Tag> },
          { title: '题干', dataIndex: 'stem', render: (s: string) => <QuestionHtml html={s} inline /> },
          {
            title: '分值',
            width: 100,
            render: (_v, row) => (
              <InputNumber
                size="small"
                {...HomeworkLimits.SCORE}
                step={0.5}
                value={row.score}
                disabled={released}
                aria-label="分值"
                onChange={(v) =>
                  setPicked((list) =>
                    list.map((p) => (p.questionId === row.questionId ? { ...p, score: Number(v ?? 0.5) } : p)),
                  )
                }
              />
            ),
          },
          {
            title: '',
            width: 40,
            render: (_v, row) =>
              !released && (
                <Button
                  size="small"
                  type="text"
                  danger
                  aria-label="移除"
                  icon={<DeleteOutlined />}
                  onClick={() => setPicked((list) => list.filter((p) => p.questionId !== row.questionId))}
                />
              ),
          },
        ]}
      />
      {draws.map((d) => (
        <Space key={d.key} wrap className="hw-draw-row" style={{ marginTop: 8 }}>
          <span>随机抽取</span>
          <TreeSelect
            style={{ width: 180 }}
            placeholder="全部题目"
            allowClear
            value={d.groupId ?? undefined}
            treeData={groupOptions(groups.data?.groups ?? [])}
            onChange={(v) => setDraws((all) => all.map((x) => (x.key === d.key ? { ...x, groupId: v ?? null } : x)))}
          />
          <Select
            style={{ width: 100 }}
            value={d.type}
            options={Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label }))}
            onChange={(v) =>
              setDraws((all) => all.map((x) => (x.key === d.key ? { ...x, type: v, score: scoreOf(v) } : x)))
            }
          />
          <InputNumber
            {...HomeworkLimits.DRAW_COUNT}
            value={d.count}
            suffix="题"
            style={{ width: 90 }}
            onChange={(v) => setDraws((all) => all.map((x) => (x.key === d.key ? { ...x, count: Number(v ?? 1) } : x)))}
          />
          <InputNumber
            {...HomeworkLimits.SCORE}
            step={0.5}
            value={d.score}
            suffix="分/题"
            style={{ width: 110 }}
            onChange={(v) => setDraws((all) => all.map((x) => (x.key === d.key ? { ...x, score: Number(v ?? 1) } : x)))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="移除抽题"
            onClick={() => setDraws((all) => all.filter((x) => x.key !== d.key))}
          />
        </Space>
      ))}
      <PickDialog
        open={picking}
        chosen={picked.map((p) => p.questionId)}
        onClose={() => setPicking(false)}
        onPick={(rows) => {
          setPicked((list) => [
            ...list,
            ...rows
              .filter((r) => !list.some((p) => p.questionId === r.id))
              .map((r) => ({ questionId: r.id, type: r.type, stem: r.stem, score: scoreOf(r.type) })),
          ]);
          setPicking(false);
        }}
      />
    </Drawer>
  );
}

export type { Picked };
