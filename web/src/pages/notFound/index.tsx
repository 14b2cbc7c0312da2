import { NotFound } from '../../components/Empty/NotFound';

export default function NotFoundPage() {
  return <NotFound />;
}
