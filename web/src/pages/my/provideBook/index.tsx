import { useState } from 'react';
import { App, Button, Descriptions, Form, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ProvideStudent } from '@textbook/contracts';
import { collegeApi, useInvalidateCollege, useProvideOptions, useProvideStudents } from '../../../api/college';
import { EmptyState } from '../../../components/Empty/EmptyState';

/** The distributor picks a college book and one of their classes, then hands seats to its students. */
function ProvideBook() {
  const { message } = App.useApp();
  const options = useProvideOptions();
  const [bookId, setBookId] = useState<number>();
  const [classId, setClassId] = useState<number>();
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const students = useProvideStudents(bookId, classId);
  const invalidate = useInvalidateCollege();
  if (options.isLoading || !options.data) return <Skeleton active />;
  const { books, classes } = options.data;
  if (!books.length) return <EmptyState description="本校暂无可发放的教材" />;
  if (!classes.length) return <EmptyState description="您还没有任教的班级" />;
  const book = books.find((b) => b.id === bookId);
  const waiting = (students.data ?? []).filter((s) => !s.held);

  const pickBook = (id: number) => {
    setBookId(id);
    setChosen([]);
    const picked = books.find((b) => b.id === id);
    // The class of that book first, when the distributor teaches one.
    const own = classes.find((c) => c.bookId === picked?.bookId);
    if (own) setClassId(own.id);
  };
  const provide = async (memberIds?: number[]) => {
    if (!bookId || !classId) return;
    setBusy(true);
    try {
      const result = await collegeApi.provide({ id: bookId, classId, ...(memberIds ? { memberIds } : {}) });
      message.success(`发放成功（新增${result.granted}人${result.already ? `，${result.already}人已持有` : ''}）`);
      setChosen([]);
      invalidate();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form layout="vertical" className="provide-form">
        <Form.Item label="教材">
          <Select
            value={bookId}
            onChange={pickBook}
            placeholder="选择本校教材"
            data-testid="provide-book"
            options={books.map((b) => ({ value: b.id, label: `${b.bookName}（剩余${b.residueAuthorizeCount}）` }))}
          />
        </Form.Item>
        <Form.Item label="班级">
          <Select
            value={classId}
            onChange={(id: number) => {
              setClassId(id);
              setChosen([]);
            }}
            placeholder="选择您任教的班级"
            data-testid="provide-class"
            options={classes.map((c) => ({ value: c.id, label: `${c.name}（${c.bookName}，${c.studentCount}人）` }))}
          />
        </Form.Item>
      </Form>
      {book && (
        <Descriptions column={{ xs: 3, sm: 3 }} size="small" bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label="购买">{book.boughtCount}</Descriptions.Item>
          <Descriptions.Item label="已授权">{book.givenCount}</Descriptions.Item>
          <Descriptions.Item label="剩余">{book.residueAuthorizeCount}</Descriptions.Item>
        </Descriptions>
      )}
      {bookId && classId ? (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button
              type="primary"
              loading={busy}
              disabled={!waiting.length}
              onClick={() => void provide()}
              data-testid="provide-all"
            >
              发放给全班（{waiting.length}人未授权）
            </Button>
            <Button loading={busy} disabled={!chosen.length} onClick={() => void provide(chosen)}>
              发放给所选学生（{chosen.length}）
            </Button>
          </Space>
          <Table<ProvideStudent>
            rowKey="memberId"
            size="small"
            loading={students.isFetching}
            dataSource={students.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen(keys as number[]),
              getCheckboxProps: (s) => ({ disabled: s.held }),
            }}
            data-testid="provide-students"
            columns={[
              { title: '姓名', dataIndex: 'name' },
              { title: '学号', dataIndex: 'studentId' },
              {
                title: '授权',
                dataIndex: 'held',
                render: (held: boolean) => (held ? <Tag color="green">已授权</Tag> : <Tag>未授权</Tag>),
              },
            ]}
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary">选择教材和班级后，可向班级学生发放本校教材授权。</Typography.Paragraph>
      )}
    </>
  );
}

/** /my/provideBook (spec §2, §6): a teacher or admin with the grant hands seats of the college's books to their students. */
export default function ProvideBookPage() {
  return (
    <App>
      <div className="page-section provide-book">
        <Typography.Title level={3}>教材发放</Typography.Title>
        <ProvideBook />
      </div>
    </App>
  );
}
