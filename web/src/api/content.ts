import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppVersion, ContentItem, ContentSummary, Paged } from '@textbook/contracts';
import { api } from './index';

export const contentKeys = {
  all: ['content'] as const,
  menu: (args: MenuContentArgs) => ['content', 'menu', args] as const,
  site: (args: SiteContentArgs) => ['content', 'site', args] as const,
  item: (id: number) => ['content', 'item', id] as const,
  versions: ['content', 'versions'] as const,
};

export interface MenuContentArgs {
  menuId?: number;
  path?: string;
  contentType?: string;
  pageNum?: number;
  pageSize?: number;
}

/** A menu's items (by id or page address). Pages show their own empty and not-found states, so calls are silent. */
export function useMenuContent(args: MenuContentArgs, enabled = true) {
  return useQuery({
    queryKey: contentKeys.menu(args),
    queryFn: () => api.get<Paged<ContentItem>>('/api/navMenu/contentList', { ...args }, { silent: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface SiteContentArgs {
  contentType?: string;
  menuId?: number;
  pageNum?: number;
  pageSize?: number;
}

export function useSiteContent(args: SiteContentArgs) {
  return useQuery({
    queryKey: contentKeys.site(args),
    queryFn: () => api.get<Paged<ContentSummary>>('/api/site/contentList', { ...args }, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useContentItem(id: number | undefined) {
  return useQuery({
    queryKey: contentKeys.item(id ?? 0),
    queryFn: () => api.get<ContentItem>(`/api/site/content/${id}`, undefined, { silent: true }),
    enabled: Boolean(id),
  });
}

export function useVersions() {
  return useQuery({
    queryKey: contentKeys.versions,
    queryFn: () => api.get<AppVersion[]>('/api/version/base', undefined, { silent: true }),
  });
}
