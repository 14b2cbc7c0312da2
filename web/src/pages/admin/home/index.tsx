import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { StaffMenus, StaffRoleLabel, type StaffMenu } from '@textbook/contracts';
import { useStaffMe } from '../../../api/admin';
import { pagesByMenu } from '../pages';

/** The console's first page: who is signed in and the pages their roles open. */
export default function AdminHome() {
  const me = useStaffMe().data;
  if (!me) return null;
  const menus = me.menus.filter((m): m is StaffMenu => m in StaffMenus);
  return (
    <div className="admin-panel">
      <Typography.Title level={4}>欢迎，{me.displayName || me.userName}</Typography.Title>
      <Typography.Paragraph type="secondary">
        角色：{me.roles.map((r) => StaffRoleLabel[r]).join('、') || '无'}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {pagesByMenu(menus).map(({ menu, pages }) => {
          if (!pages.length) return null;
          return (
            <Col key={menu} xs={24} sm={12} lg={8}>
              <Card size="small" title={StaffMenus[menu].label}>
                {pages.map((p) => (
                  <div key={p.path}>
                    <Link to={`/admin/${p.path}`}>{p.label}</Link>
                  </div>
                ))}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
