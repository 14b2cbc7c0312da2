import { MenuPage } from '../../components/Content/MenuPage';

/** Driven by the site content of the menu at /faq (staff edit it; nothing here is hard-coded text). */
export default function FaqPage() {
  return <MenuPage path="/faq" title="常见问题" />;
}
