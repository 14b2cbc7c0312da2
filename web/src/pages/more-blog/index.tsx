import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function MoreBlogPage() {
  return <PagePlaceholder title="更多资讯" />;
}
