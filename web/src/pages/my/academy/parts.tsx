import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import {
  CollegeLimits,
  Limits,
  codeStateText,
  formatDate,
  formatDateTime,
  type BookCard,
  type CodeRow,
  type CollegeBookRow,
  type Paged,
} from '@textbook/contracts';
import { api } from '../../../api';
import { collegeApi, collegeLists, useBookClasses, useCollegeUsers, useInvalidateCollege } from '../../../api/college';
import { saveFile } from '../../../kit/download';
import { ListTable } from '../../../kit/ListTable';
import { codeCountRules, codeDaysRules } from './rules';

export const day = (ms: number | null | undefined) => formatDate(ms, '长期');
export const time = (ms: number | null | undefined) => formatDateTime(ms);

/** A published book, searched by title (adding a book, ordering seats). */
export function BookPicker({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const books = useQuery({
    queryKey: ['college', 'pick', keyword],
    queryFn: () => api.get<Paged<BookCard>>('/api/book/list', { keyword: keyword || undefined, pageSize: 20 }),
  });
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      placeholder="搜索教材名称"
      options={(books.data?.rows ?? []).map((b) => ({ value: b.id, label: b.title }))}
      data-testid="book-picker"
    />
  );
}

/** Gives seats of a college book to chosen members or to every student of a class. */
export function AuthorizeDialog({ book, open, onClose }: { book: CollegeBookRow; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<'members' | 'class'>('members');
  const [keyword, setKeyword] = useState('');
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [classId, setClassId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const users = useCollegeUsers({ pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) });
  const classes = useBookClasses(book.id, open && mode === 'class');
  const invalidate = useInvalidateCollege();
  const submit = async () => {
    setBusy(true);
    try {
      const result = await collegeApi.authorize(
        mode === 'class' ? { id: book.id, ...(classId ? { classId } : {}) } : { id: book.id, memberIds },
      );
      message.success(`授权成功（新增${result.granted}人${result.already ? `，${result.already}人已持有` : ''}）`);
      setMemberIds([]);
      invalidate();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={`授权《${book.bookName}》（剩余${book.residueAuthorizeCount}个）`}
      onCancel={onClose}
      onOk={submit}
      okText="授权"
      okButtonProps={{ loading: busy, disabled: mode === 'members' ? !memberIds.length : !classId }}
      destroyOnHidden
    >
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'members' | 'class')}>
        <Radio.Button value="members">选择成员</Radio.Button>
        <Radio.Button value="class">整个班级</Radio.Button>
      </Radio.Group>
      {mode === 'members' ? (
        <>
          <Input.Search
            allowClear
            placeholder="手机号、姓名或学号"
            maxLength={Limits.SEARCH_MAX}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ margin: '12px 0' }}
          />
          <Table
            size="small"
            rowKey="memberId"
            pagination={false}
            scroll={{ y: 260 }}
            loading={users.isFetching}
            dataSource={users.data?.rows ?? []}
            rowSelection={{ selectedRowKeys: memberIds, onChange: (keys) => setMemberIds(keys as number[]) }}
            columns={[
              { title: '姓名', dataIndex: 'realName' },
              { title: '手机号', dataIndex: 'phone' },
              { title: '学号', dataIndex: 'studentId' },
            ]}
          />
        </>
      ) : (
        <Select
          style={{ width: '100%', marginTop: 12 }}
          placeholder="选择班级"
          value={classId}
          onChange={setClassId}
          options={(classes.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.name}（${c.teacherName}，${c.studentCount}人）`,
          }))}
          notFoundContent="该教材暂无班级"
        />
      )}
    </Modal>
  );
}

/** A college book's activation codes: generate a batch, export it, see each code's state, revoke. */
export function CodesDialog({ book, open, onClose }: { book: CollegeBookRow; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [state, setState] = useState<string>();
  const invalidate = useInvalidateCollege();
  const [form] = Form.useForm<{ count: number; days: number }>();
  const [lastBatch, setLastBatch] = useState<number>();
  const generate = async () => {
    const values = await form.validateFields();
    try {
      const batch = await collegeApi.generate(book.id, values.count, values.days);
      setLastBatch(batch.batch);
      message.success(`已生成${batch.count}个激活码`);
      invalidate();
    } catch {
      // shown by the client
    }
  };
  const exportAs = async (type: number, batch?: number) =>
    saveFile(await collegeApi.download('/api/collegeBookActiveCode/export', { id: book.id, type, batch }));
  return (
    <Modal
      open={open}
      title={`《${book.bookName}》激活码`}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Form form={form} layout="inline" initialValues={{ count: 20, days: 180 }} style={{ rowGap: 8 }}>
        <Form.Item name="count" label="数量" rules={codeCountRules}>
          <InputNumber {...CollegeLimits.CODE_COUNT} precision={0} data-testid="code-count" />
        </Form.Item>
        <Form.Item name="days" label="有效天数" rules={codeDaysRules}>
          <InputNumber {...CollegeLimits.CODE_DAYS} precision={0} />
        </Form.Item>
        <Button type="primary" onClick={generate} data-testid="code-generate">
          生成
        </Button>
      </Form>
      <ListTable<CodeRow>
        variant="centre"
        source={collegeLists.codes}
        params={{ id: book.id, ...(state ? { state } : {}) }}
        rowKey="id"
        toolbar={
          <Space wrap style={{ marginTop: 12 }}>
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              value={state}
              onChange={setState}
              options={Object.entries(codeStateText).map(([value, label]) => ({ value, label }))}
            />
            {lastBatch ? <Button onClick={() => exportAs(0, lastBatch)}>导出本批（Excel）</Button> : null}
            <Button onClick={() => exportAs(0)}>导出Excel</Button>
            <Button onClick={() => exportAs(1)}>导出文本</Button>
            <Button onClick={() => exportAs(2)}>导出PDF</Button>
          </Space>
        }
        columns={[
          { title: '激活码', dataIndex: 'code', render: (c: string) => <code data-testid="code-value">{c}</code> },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: string) => (
              <Tag color={s === 'unused' ? 'green' : s === 'redeemed' ? 'blue' : 'default'}>{codeStateText[s]}</Tag>
            ),
          },
          { title: '有效期至', dataIndex: 'expiresAt', render: day },
          { title: '使用人', dataIndex: 'redeemedBy' },
          { title: '使用时间', dataIndex: 'redeemedAt', render: time },
          {
            title: '操作',
            render: (_: unknown, r: CodeRow) =>
              r.state === 'unused' ? (
                <Button
                  size="small"
                  danger
                  onClick={async () => {
                    await collegeApi.revokeCode(r.id);
                    invalidate();
                  }}
                >
                  作废
                </Button>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
