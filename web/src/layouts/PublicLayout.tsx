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
      <Header fullWidth={full} />
      <main className={full ? 'page page-full' : 'page'} id="main">
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
