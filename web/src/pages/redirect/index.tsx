import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/{path}: shows the page at {path} again, freshly mounted (spec §2). */
export default function RedirectPage() {
  const params = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}${hash}`, { replace: true });
  }, [navigate, params, search, hash]);
  return null;
}
