import { Avatar, Grid, Menu, Skeleton, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../api';
import { useMember } from '../api/member';
import { insideCentre, personalMenu, selectedMenuKey } from './personalMenu';

/** What the personal centre shows while the member's info loads: its shape, not a blank page. */
function MyLayoutSkeleton() {
  return (
    <div className="my-layout" aria-busy="true" data-testid="my-skeleton">
      <aside className="my-sider">
        <div className="my-profile">
          <Skeleton.Avatar active size={64} />
          <Skeleton active title={false} paragraph={{ rows: 2, width: ['60%', '80%'] }} />
        </div>
        <div style={{ padding: '0 16px' }}>
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      </aside>
      <section className="my-content">
        <div className="panel">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </section>
    </div>
  );
}

/**
 * The personal centre: the role's menu beside the page, with avatar, teacher badge, real name and college. On
 * a phone the profile is one line and the menu one scrollable row above the page, so the page starts on the
 * first screen.
 */
export function MyLayout() {
  const member = useMember();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  if (!member) return <MyLayoutSkeleton />;
  const items = personalMenu(member);
  const child = pathname.replace(/^\/my\/?/, '').split('/')[0] ?? '';
  const selected = selectedMenuKey(items, child);
  const first = items.find(insideCentre);
  if (!selected && first) return <Navigate to={`/my/${first.key}`} replace />;

  const openMarketing = async () => {
    // Checked first (a refusal shows its message here); the server then redirects the new window to the editor
    // with the token appended, which page scripts never see.
    await api.get<{ url: string }>('/api/member/checkEditorToken');
    window.open('/api/member/openEditor', '_blank', 'noopener');
  };

  return (
    <div className="my-layout">
      <aside className="my-sider" aria-label="个人中心菜单">
        <div className="my-profile">
          <Avatar size={phone ? 40 : 64} src={member.avatar || undefined} icon={<UserOutlined />} />
          <div className="my-name">
            {member.userName}
            {member.teacher && (
              <Tag color="blue" className="teacher-badge">
                教师
              </Tag>
            )}
          </div>
          <div className="my-college">{member.collegeName || '未加入院校'}</div>
        </div>
        <Menu
          mode={phone ? 'horizontal' : 'inline'}
          selectedKeys={selected ? [selected] : []}
          items={items.map((i) => ({ key: i.key, label: i.label }))}
          onClick={({ key }) => {
            const item = items.find((i) => i.key === key);
            if (item?.external) void openMarketing();
            else void navigate(item?.to ?? `/my/${key}`);
          }}
        />
      </aside>
      <section className="my-content">
        <Outlet />
      </section>
    </div>
  );
}
