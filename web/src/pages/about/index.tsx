import { MenuPage } from '../../components/Content/MenuPage';

/** Driven by the site content of the menu at /about (staff edit it; nothing here is hard-coded text). */
export default function AboutPage() {
  return <MenuPage path="/about" title="关于我们" />;
}
