import { MenuPage } from '../../components/Content/MenuPage';

/** Driven by the site content of the menu at /librarian (staff edit it; nothing here is hard-coded text). */
export default function LibrarianPage() {
  return <MenuPage path="/librarian" title="图书馆员" />;
}
