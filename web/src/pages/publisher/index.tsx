import { MenuPage } from '../../components/Content/MenuPage';

/** Driven by the site content of the menu at /publisher (staff edit it; nothing here is hard-coded text). */
export default function PublisherPage() {
  return <MenuPage path="/publisher" title="出版社" />;
}
