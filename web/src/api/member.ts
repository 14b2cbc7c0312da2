import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@textbook/contracts';
import { useNavigate } from 'react-router';
import { dropSession, useSession } from '../stores/session';
import { api } from './index';
import { useReportCollegeShown } from './collegeShown';
import { queryClient } from './queryClient';
import { forgetOutboxes } from './noteOutbox';

export const memberKeys = {
  info: ['member', 'info'] as const,
  unread: ['member', 'unread'] as const,
};

/** Member info. The guard fetches it silently (it logs out itself on failure); refreshes ask to log in again. */
export function fetchMemberInfo(silent: true | 'toasts' = 'toasts'): Promise<MemberInfo> {
  return api.get<{ member: MemberInfo }>('/api/getMemberInfo', undefined, { silent }).then((d) => d.member);
}

/** Member info, loaded by the route guard before the first page, kept in the query cache, refreshed on return to the tab. */
export function useMember(): MemberInfo | undefined {
  const token = useSession();
  const { data } = useQuery({
    queryKey: memberKeys.info,
    queryFn: () => fetchMemberInfo(),
    enabled: Boolean(token),
    refetchOnWindowFocus: 'always',
  });
  useReportCollegeShown(token ? data?.collegeId : undefined);
  return token ? data : undefined;
}

/** While the live push is down the badge polls; the browser journeys shorten the pause (a test-only knob). */
const noticePollMs = (): number => (globalThis as { __noticePollMs?: number }).__noticePollMs ?? 15_000;

/** A pushed unread count: the badge takes it, and open notice lists refresh. */
function takePushedCount(count: number): void {
  const key = [...memberKeys.unread, true];
  const before = queryClient.getQueryData<number>(key);
  queryClient.setQueryData(key, count);
  if (before !== undefined && count > before) void queryClient.invalidateQueries({ queryKey: ['member', 'notices'] });
}

/**
 * Unread notices for the header badge: pushed live by the server (server-sent events) for a logged-in member,
 * polled every 15 s while the push is down, and refreshed on return to the tab.
 */
export function useUnreadCount(): number {
  const token = useSession();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token) return undefined;
    // Loaded on demand: a visitor's first page does not carry the stream reader.
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('./noticeStream').then((m) => {
      if (!cancelled) release = m.retain(takePushedCount, setLive);
    });
    return () => {
      cancelled = true;
      release?.();
      setLive(false);
    };
  }, [token]);
  // Asked only with a session: the count is a member's (a visitor is refused 401, which must not end in the
  // 登录状态已过期 confirm of someone who never logged in). A 401 with a session is a session that ended.
  const { data } = useQuery({
    queryKey: [...memberKeys.unread, Boolean(token)],
    queryFn: () => api.get<number>('/api/msg-notice/count', undefined, { silent: 'toasts' }),
    enabled: Boolean(token),
    refetchInterval: token && !live ? noticePollMs() : false,
    refetchOnWindowFocus: 'always',
  });
  return token ? (data ?? 0) : 0;
}

/** Clears the session on both sides and forgets everything cached for the member. */
export async function logout(): Promise<void> {
  await api.post('/api/logout', undefined, { silent: true }).catch(() => {});
  forgetOutboxes();
  dropSession();
  queryClient.removeQueries({ queryKey: ['member'] });
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    await logout();
    client.removeQueries({ queryKey: ['member'] });
    navigate('/index');
  };
}
