import { Avatar, Badge, Button, Dropdown } from 'antd';
import { BellOutlined, DownOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { badgeText } from '@textbook/contracts';
import { Link, useNavigate } from 'react-router';
import { useSwitchCollege } from '../../api/college';
import { useLogout, useMember, useUnreadCount } from '../../api/member';

/** Notice bell with the unread badge, shown as 99+ above 99. */
export function NoticeBell() {
  const unread = useUnreadCount();
  const text = badgeText(unread);
  return (
    <Link to="/message" className="header-icon-button" aria-label={text ? `消息通知，${text}条未读` : '消息通知'}>
      <Badge count={text} size="small" data-testid="notice-badge">
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </Link>
  );
}

/** A device whose pointer cannot hover (a phone's or tablet's touch screen). */
const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none)').matches;

/**
 * The college switcher: only when the member has more than one college (spec §2). A member of one college sees
 * its name, as plain text (they work in it: the server makes an only college current).
 */
export function CollegeSwitcher() {
  const member = useMember();
  const switchCollege = useSwitchCollege();
  const colleges = member?.extras.CollegeList ?? [];
  if (!member || colleges.length === 0) return null;
  if (colleges.length === 1) {
    return (
      <span className="college-switcher college-only" data-testid="college-name" title="当前学校">
        <span className="college-name">{member.collegeName || colleges[0]!.name}</span>
      </span>
    );
  }
  return (
    <Dropdown
      // Phones have no hover: a tap opens it and it stays open until a college is picked. A touch screen gets the
      // tap alone: its tap also says "mouse enter", whose delayed opening could land before the tap's own toggle,
      // which would then close it.
      trigger={touchOnly() ? ['click'] : ['hover', 'click']}
      menu={{
        selectable: true,
        selectedKeys: [String(member.collegeId)],
        items: colleges.map((c) => ({ key: String(c.id), label: c.name })),
        onClick: ({ key }) => void switchCollege(Number(key)),
      }}
    >
      <Button
        type="text"
        className="college-switcher"
        icon={<SwapOutlined />}
        data-testid="college-switcher"
        aria-label={`切换学校，当前：${member.collegeName || '未选择'}`}
        title="切换学校"
      >
        <span className="college-name">{member.collegeName || '选择院校'}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** A logged-in member's part of the header: notices, college switcher and the user menu. */
export default function MemberArea() {
  const member = useMember();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!member) return null;
  return (
    <>
      <NoticeBell />
      <CollegeSwitcher />
      <Dropdown
        // Opens on a click (and Enter or Space) as well as on hover, with focus in the menu: logging out must not
        // need a mouse (WCAG 2.1.1). A touch screen gets the tap alone, as the college switcher does.
        trigger={touchOnly() ? ['click'] : ['hover', 'click']}
        autoFocus
        menu={{
          items: [
            { key: 'my', label: '个人中心' },
            { key: 'logout', label: '退出登录' },
          ],
          onClick: ({ key }) => (key === 'logout' ? void logout() : navigate('/my')),
        }}
      >
        <button
          type="button"
          className="user-menu"
          data-testid="user-menu"
          aria-haspopup="menu"
          aria-label={`${member.userName}的账户菜单`}
        >
          <Avatar size={28} src={member.avatar || undefined} icon={<UserOutlined />} aria-hidden />
          <span className="user-name">{member.userName}</span>
        </button>
      </Dropdown>
    </>
  );
}
