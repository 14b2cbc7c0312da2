import { useQuery } from '@tanstack/react-query';
import type { BottomMenu, FooterLink, NavMenu, SiteInfo } from '@textbook/contracts';
import { api } from './index';

export const siteKeys = {
  site: ['site'] as const,
  navMenus: ['site', 'navMenus'] as const,
  bottomMenus: ['site', 'bottomMenus'] as const,
  links: ['site', 'links'] as const,
};

export const useSiteInfo = () => useQuery({ queryKey: siteKeys.site, queryFn: () => api.get<SiteInfo>('/api/site') });
export const useNavMenus = () =>
  useQuery({ queryKey: siteKeys.navMenus, queryFn: () => api.get<NavMenu[]>('/api/navMenu/list') });
export const useBottomMenus = () =>
  useQuery({ queryKey: siteKeys.bottomMenus, queryFn: () => api.get<BottomMenu[]>('/api/site/bottomMenu/list') });
export const useFriendLinks = () =>
  useQuery({ queryKey: siteKeys.links, queryFn: () => api.get<FooterLink[]>('/api/site/link/list') });

/** Records the page the browser just showed (spec §2 guard rules); failures are silent. */
export function recordPage(path: string): void {
  api.post('/api/router', { path }, { silent: true }).catch(() => {});
}
