import { useState } from 'react';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaDayjs, PICKER_FORMAT as FORMAT, pickerValue } from '../../../ui/dayjs';
import {
  BEIJING_TIME_NOTE,
  ClassMsg,
  Limits,
  readsChinaTime,
  Review,
  validityProblem,
  type ClassBook,
  type ClassRow,
  type OwnBookResult,
} from '@textbook/contracts';
import { checkOwnBook, useSaveClass } from '../../../api/classes';
import { OwnBookRefusal } from './OwnBookRefusal';

interface Values {
  bookId?: number;
  name?: string;
  remark?: string;
  isReview?: '0' | '1';
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Default validity: now to 23:59 today (spec §5), Beijing time whatever the browser's zone. */
function defaultRange(): [Dayjs, Dayjs] {
  return [chinaDayjs(), chinaDayjs().hour(23).minute(59).second(0)];
}

/** The date picker disables days before yesterday (spec §5), Beijing's yesterday. */
const disabledDate = (d: Dayjs) => d.isBefore(chinaDayjs().subtract(1, 'day'), 'day');

/**
 * The teacher's class dialog, create or edit (spec §4, §5): every rule with its message, the own-book check
 * before confirming (a warning without tag blocks; goApply offers a teacher trial), the book locked in edit.
 */
export function ClassDialog({
  open,
  editing,
  books,
  bookId,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: ClassRow | null;
  books: ClassBook[];
  bookId?: number;
  onClose: () => void;
  onSaved: (row: ClassRow) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { modal, message } = App.useApp();
  const save = useSaveClass();
  const [blocked, setBlocked] = useState<OwnBookResult | null>(null);
  // The goApply hint opens the sample dialog for the book the dialog was checked with.
  const checkedBookId = (Form.useWatch('bookId', form) ?? bookId ?? 0) as number;
  const [rangeTouched, setRangeTouched] = useState(false);

  const initial: Values = editing
    ? {
        bookId: editing.bookId,
        name: editing.name,
        remark: editing.remark,
        isReview: editing.isReview,
        range: [pickerValue(editing.startTime), pickerValue(editing.endTime)],
      }
    : { bookId, name: '', remark: '', range: defaultRange() };

  const submit = async () => {
    // The untouched default starts "now": keep it now, however long the dialog stayed open.
    const current = form.getFieldValue('range') as Values['range'];
    if (!editing && !rangeTouched && current?.[0]?.isBefore(chinaDayjs(), 'minute')) {
      form.setFieldValue('range', [chinaDayjs(), current[1]]);
    }
    const v = await form.validateFields();
    const [start, end] = v.range!;
    const startTime = start!.format(FORMAT);
    const endTime = end!.format(FORMAT);
    setBlocked(null);
    const own = await checkOwnBook(v.bookId!, endTime);
    // Creating needs the book; an existing class stays editable (its book is locked anyway).
    if (own.warning && !own.result.tag && !editing) {
      setBlocked(own.result);
      return;
    }
    if (own.warning && own.result.tag) {
      const go = await modal.confirm({ title: '提示', content: own.result.msg, okText: '继续', cancelText: '取消' });
      if (!go) return;
    }
    const base = { name: v.name!.trim(), remark: (v.remark ?? '').trim(), isReview: v.isReview!, startTime, endTime };
    const row = editing
      ? await save.mutateAsync({ ...base, id: editing.id, bookId: editing.bookId })
      : await save.mutateAsync({ ...base, bookId: v.bookId! });
    message.success(editing ? '班级已保存' : '班级已创建');
    onSaved(row);
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑班级' : '创建班级'}
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} requiredMark>
        <Form.Item name="bookId" label="教材" rules={[{ required: true, message: ClassMsg.BOOK_REQUIRED }]}>
          <Select
            placeholder="请选择教材"
            disabled={Boolean(editing)}
            options={books.map((b) => ({ value: b.bookId, label: b.bookName }))}
            onChange={() => setBlocked(null)}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="班级名称"
          rules={[
            { required: true, whitespace: true, message: ClassMsg.NAME_REQUIRED },
            { max: Limits.CLASS_NAME_MAX, message: ClassMsg.NAME_MAX },
          ]}
        >
          <Input placeholder="请输入班级" showCount={{ formatter: ({ count }) => `${count} / 50` }} />
        </Form.Item>
        <Form.Item
          name="isReview"
          label="学生加入是否需要教师审核"
          rules={[{ required: true, message: ClassMsg.REVIEW_REQUIRED }]}
        >
          <Radio.Group>
            <Radio value={Review.NEEDS_APPROVAL}>需要审核</Radio>
            <Radio value={Review.DIRECT}>无需审核，直接加入</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="range"
          label={readsChinaTime() ? '班级码有效期' : `班级码有效期${BEIJING_TIME_NOTE}`}
          rules={[
            {
              validator: async (_, value: Values['range']) => {
                const [start, end] = value ?? [];
                const keepsStart = editing && start && start.format(FORMAT) === editing.startTime;
                const problem = validityProblem(start?.format(FORMAT), end?.format(FORMAT), {
                  checkPast: !keepsStart,
                });
                if (problem) throw new Error(problem);
              },
            },
          ]}
          required
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            disabledDate={disabledDate}
            style={{ width: '100%' }}
            placeholder={['开始时间', '结束时间']}
            onChange={() => setRangeTouched(true)}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: Limits.REMARK_MAX, message: ClassMsg.REMARK_MAX }]}>
          <Input.TextArea rows={3} placeholder="选填" showCount={{ formatter: ({ count }) => `${count} / 500` }} />
        </Form.Item>
      </Form>
      {blocked && (
        <OwnBookRefusal
          result={blocked}
          bookId={checkedBookId}
          bookTitle={books.find((b) => b.bookId === checkedBookId)?.bookName}
        />
      )}
    </Modal>
  );
}
