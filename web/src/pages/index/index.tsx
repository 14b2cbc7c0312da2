import { BookOutlined, ReadOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSiteInfo } from '../../api/site';
import { SearchBox } from '../../components/Header/SearchBox';
import { BookBlocks } from './BookBlocks';
import NewsBlock from './NewsBlock';

const ENTRIES = [
  { icon: <BookOutlined />, title: '浏览教材', text: '按学科与丛书查找数字教材', to: '/textbook' },
  { icon: <TeamOutlined />, title: '加入班级', text: '输入教师提供的班级码', to: '/my/joinClass' },
  { icon: <ReadOutlined />, title: '在线阅读', text: '书架中的教材随时阅读', to: '/list' },
  { icon: <TrophyOutlined />, title: '书单推荐', text: '名师精选的专业书单', to: '/booklist' },
];

/** Home: hero with search, quick entries, recommended and new books, book lists, news from site content. */
export default function HomePage() {
  const { data: site } = useSiteInfo();
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero-inner">
          <h1 className="hero-title">{site?.siteName ?? '高校数字教材平台'}</h1>
          <p className="hero-text">汇聚高校优质数字教材，支持班级教学、在线阅读与学习报告。</p>
          <SearchBox size="large" />
          <div className="hero-actions">
            <Link to="/textbook" className="ghost-button">
              浏览全部教材
            </Link>
          </div>
        </div>
      </section>
      <section className="container page-section">
        <div className="entry-grid">
          {ENTRIES.map((e) => (
            <Link to={e.to} key={e.title} className="entry-card">
              <div className="entry-icon">{e.icon}</div>
              <div className="entry-title">{e.title}</div>
              <div className="entry-text">{e.text}</div>
            </Link>
          ))}
        </div>
      </section>
      <BookBlocks />
      <NewsBlock />
    </div>
  );
}
