import { Msg } from '@textbook/contracts';
import { Outlet, useLocation } from 'react-router';
import { useSiteInfo } from '../api/site';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';

/** Routes of the public layout shown without the footer (spec §2). */
const NO_FOOTER = new Set(['/message', '/textbookReport', '/teachingReport']);
/** Routes with the full-screen header. */
const FULL_HEADER = new Set(['/book-detail']);

export function PublicLayout() {
  const { pathname } = useLocation();
  const { data: site } = useSiteInfo();
  const full = FULL_HEADER.has(pathname);
  return (
    <div className="app-frame">
      {/* The first Tab stop: past the header's menus straight to the page (WCAG 2.4.1). */}
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <Header fullWidth={full} />
      <main className={full ? 'page page-full' : 'page'} id="main" tabIndex={-1}>
        {site?.maintenance ? (
          <div className="maintenance" role="status">
            <h1>{Msg.MAINTENANCE}</h1>
            <p>平台正在维护升级，请稍后访问。</p>
          </div>
        ) : (
          <Outlet />
        )}
      </main>
      {!NO_FOOTER.has(pathname) && <Footer />}
    </div>
  );
}
