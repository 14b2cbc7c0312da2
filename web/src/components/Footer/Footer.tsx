import { Link } from 'react-router';
import { useBottomMenus, useFriendLinks, useSiteInfo } from '../../api/site';

/** Copyright and filing text, bottom menu links, friendly links opening in a new window (spec §2). */
export function Footer() {
  const { data: site } = useSiteInfo();
  const { data: bottom = [] } = useBottomMenus();
  const { data: links = [] } = useFriendLinks();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <img src={site?.toolbar.footerLogo || '/images/logo-white.svg'} alt="" width={36} height={36} />
          <span>{site?.siteName}</span>
        </div>
        {bottom.length > 0 && (
          <nav className="footer-menu" aria-label="底部导航">
            {bottom.map((m) =>
              /^https?:\/\//.test(m.url) ? (
                <a key={m.id} href={m.url} target="_blank" rel="noreferrer">
                  {m.name}
                </a>
              ) : (
                <Link key={m.id} to={m.url}>
                  {m.name}
                </Link>
              ),
            )}
          </nav>
        )}
        {links.length > 0 && (
          <div className="friend-links" aria-label="友情链接">
            <span className="friend-title">友情链接</span>
            {links.map((l) => (
              <a key={l.id} href={l.linkUrl} target="_blank" rel="noopener noreferrer" title={l.linkName}>
                {l.linkPic ? <img src={l.linkPic} alt={l.linkName} height={32} loading="lazy" /> : l.linkName}
              </a>
            ))}
          </div>
        )}
        <div className="footer-legal">
          <span>{site?.copyright}</span>
          {site?.icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {site.icp}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
