import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AuditState, CONTENT_TYPES, type OwnContentItem } from '@textbook/contracts';
import { dateTime } from '../format';

export const CONTENT_LIST = '/api/admin/content/page';

export const TYPE_LABEL: Record<string, string> = {
  news: '新闻',
  article: '文章',
  page: '单页',
  imageText: '图文',
  agreement: '用户协议',
  privacy: '隐私政策',
};

export const typeOptions = CONTENT_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] ?? t }));

export const auditOptions = [
  { value: String(AuditState.PENDING), label: '待审核' },
  { value: String(AuditState.PASSED), label: '已通过' },
  { value: String(AuditState.FAILED), label: '未通过' },
];

export function AuditTag({ state }: { state: number }) {
  if (state === AuditState.PASSED) return <Tag color="green">已通过</Tag>;
  if (state === AuditState.FAILED) return <Tag color="red">未通过</Tag>;
  return <Tag color="gold">待审核</Tag>;
}

export const contentColumns: ColumnsType<OwnContentItem> = [
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '类型', key: 'type', render: (_, r) => TYPE_LABEL[r.contentType] ?? r.contentType },
  { title: '栏目', key: 'menu', render: (_, r) => r.menuName ?? '' },
  {
    title: '作者',
    key: 'author',
    render: (_, r) => (r.authorMemberId ? `会员 ${r.authorMemberId}` : (r.authorStaffName ?? '工作人员')),
  },
  {
    title: '审核',
    key: 'audit',
    render: (_, r) => (
      <div className="admin-audit-cell">
        <AuditTag state={r.auditState} />
        {r.auditMessage && (
          <div className="admin-audit-message" data-testid="audit-message">
            {r.auditMessage}
          </div>
        )}
      </div>
    ),
  },
  {
    title: '更新时间',
    key: 'updateTime',
    render: (_, r) => dateTime(r.updateTime),
    sorter: (a, b) => a.updateTime - b.updateTime,
  },
];
