import { useState } from 'react';
import { App, Button, Descriptions, Input, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { CollegeText, type AuthorizeMember, Limits } from '@textbook/contracts';
import { collegeApi, collegeKeys, collegeLists, useCollegeBook, useMyAuthorizations } from '../../../api/college';
import { saveFile } from '../../../kit/download';
import { ConfirmAction } from '../../../kit/Confirm';
import { ListTable } from '../../../kit/ListTable';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { AuthorizeDialog, day, time } from '../academy/parts';

/** Who holds seats of one college book (admin): counts, holders, revoke, authorize, export. */
function BookHolders({ id }: { id: number }) {
  const book = useCollegeBook(id);
  const [keyword, setKeyword] = useState('');
  const [authorizing, setAuthorizing] = useState(false);
  if (book.isLoading || !book.data) return <Skeleton active />;
  const b = book.data;
  const exportAs = async (type: number) =>
    saveFile(await collegeApi.download('/api/collegeBook/exportBookAuthorize', { id, type }));
  return (
    <>
      <Descriptions column={{ xs: 2, sm: 4 }} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="教材" span={4}>
          {b.bookName}
        </Descriptions.Item>
        <Descriptions.Item label="购买">{b.boughtCount}</Descriptions.Item>
        <Descriptions.Item label="已授权">{b.givenCount}</Descriptions.Item>
        <Descriptions.Item label="剩余">{b.residueAuthorizeCount}</Descriptions.Item>
        <Descriptions.Item label="到期">{day(b.expiresAt)}</Descriptions.Item>
      </Descriptions>
      <ListTable<AuthorizeMember>
        variant="centre"
        source={collegeLists.holders}
        params={{ id, ...(keyword ? { keyword } : {}) }}
        rowKey="memberId"
        testId="holders"
        toolbar={
          <Space wrap>
            <Button type="primary" onClick={() => setAuthorizing(true)} data-testid="open-authorize">
              授权
            </Button>
            <Input.Search
              allowClear
              maxLength={Limits.SEARCH_MAX}
              placeholder="手机号、姓名或学号"
              onSearch={(v) => setKeyword(v.trim())}
              style={{ width: 220 }}
            />
            <Button onClick={() => exportAs(0)}>导出Excel</Button>
            <Button onClick={() => exportAs(1)}>导出文本</Button>
            <Button
              onClick={async () => saveFile(await collegeApi.download('/api/collegeBook/download', { id, type: 0 }))}
            >
              导出台账
            </Button>
          </Space>
        }
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '学号', dataIndex: 'studentId' },
          { title: '方式', dataIndex: 'via', render: (v: string) => CollegeText.VIA[v] ?? CollegeText.VIA.grant },
          { title: '授权时间', dataIndex: 'createTime', render: time },
          { title: '到期', dataIndex: 'expiresAt', render: day },
          {
            title: '操作',
            render: (_: unknown, r: AuthorizeMember) => (
              <ConfirmAction
                title={`收回${r.realName}的授权？`}
                run={() => collegeApi.revoke(id, [r.memberId])}
                done="已收回授权"
                reload={[collegeKeys.all]}
                danger
                button={{ type: 'default' }}
              >
                收回
              </ConfirmAction>
            ),
          },
        ]}
      />
      {authorizing && <AuthorizeDialog book={b} open onClose={() => setAuthorizing(false)} />}
    </>
  );
}

/** A member's own college authorizations: which books, from which college, until when. */
function MyAuthorizations() {
  const mine = useMyAuthorizations();
  if (mine.isLoading) return <Skeleton active />;
  if (!mine.data?.length) return <EmptyState description="暂无内容" />;
  return (
    <Table
      rowKey="bookId"
      size="small"
      pagination={false}
      dataSource={mine.data}
      columns={[
        {
          title: '教材',
          dataIndex: 'bookName',
          render: (name: string, r: { bookId: number }) => <Link to={`/bookPreview?bookId=${r.bookId}`}>{name}</Link>,
        },
        { title: '院校', dataIndex: 'collegeName' },
        {
          title: '方式',
          dataIndex: 'via',
          render: (v: string) => <Tag>{CollegeText.VIA[v] ?? CollegeText.VIA.grant}</Tag>,
        },
        { title: '到期', dataIndex: 'expiresAt', render: day },
      ]}
    />
  );
}

function AuthDetails() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  return (
    <div className="page-section auth-details">
      <Typography.Title level={3}>授权明细</Typography.Title>
      {id > 0 ? <BookHolders id={id} /> : <MyAuthorizations />}
    </div>
  );
}

/** /my/authDetails (spec §2): who holds which seats of a college book, or the member's own authorizations. */
export default function AuthDetailsPage() {
  return (
    <App>
      <AuthDetails />
    </App>
  );
}
