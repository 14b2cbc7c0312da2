import { MenuPage } from '../../components/Content/MenuPage';

/** Driven by the site content of the menu at /researchers (staff edit it; nothing here is hard-coded text). */
export default function ResearchersPage() {
  return <MenuPage path="/researchers" title="研究者" />;
}
