import { Avatar, Menu, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../api';
import { useMember } from '../api/member';
import { personalMenu, selectedMenuKey } from './personalMenu';

/** The personal centre: the role's menu on the left, with avatar, teacher badge, real name and college. */
export function MyLayout() {
  const member = useMember();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!member) return null;
  const items = personalMenu(member);
  const child = pathname.replace(/^\/my\/?/, '').split('/')[0] ?? '';
  const selected = selectedMenuKey(items, child);
  const first = items.find((i) => !i.external);
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
          <Avatar size={64} src={member.avatar || undefined} icon={<UserOutlined />} />
          <div className="my-name">
            {member.realName || member.userName}
            {member.teacher && (
              <Tag color="blue" className="teacher-badge">
                教师
              </Tag>
            )}
          </div>
          <div className="my-college">{member.collegeName || '未加入院校'}</div>
        </div>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items.map((i) => ({ key: i.key, label: i.label }))}
          onClick={({ key }) => {
            if (items.find((i) => i.key === key)?.external) void openMarketing();
            else navigate(`/my/${key}`);
          }}
        />
      </aside>
      <section className="my-content">
        <Outlet />
      </section>
    </div>
  );
}
