import { Alert, Tag } from 'antd';
import { AuditState as State, auditMessage } from '@textbook/contracts';

/**
 * A content item's audit state as its author sees it (spec §3, §8): pending, passed, or — for a failed audit —
 * 因内容审核不通过，建议修改后重新发布（{reason}）. For the pages where members write content (teaching issues).
 */
export function AuditState({ auditState, auditRemark }: { auditState: number; auditRemark: string }) {
  if (auditState === State.FAILED) {
    return <Alert type="error" showIcon title={auditMessage(auditState, auditRemark)} />;
  }
  return auditState === State.PASSED ? <Tag color="green">已发布</Tag> : <Tag color="gold">审核中</Tag>;
}
