import { adminContentPaths, type EditablePage, type PageQuery, type SavePageRequest } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const pageKey = (query: PageQuery) => ['admin', 'content', 'page', query.slug, query.locale] as const;

/** GET page: a site page's text in a language, and where it comes from. */
export function getPage(query: PageQuery, signal?: AbortSignal): Promise<EditablePage> {
  return http.get<EditablePage>(`/api${adminContentPaths.page}`, query, { signal, silent: true });
}

export function pageOptions(query: PageQuery) {
  return queryOptions({ queryKey: pageKey(query), queryFn: ({ signal }) => getPage(query, signal) });
}

export const usePage = (query: PageQuery) => useQuery(pageOptions(query));

/** POST savePage: the site serves the text from the next request on. */
export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SavePageRequest) => http.post<EditablePage>(`/api${adminContentPaths.savePage}`, request),
    onSuccess: (page) => queryClient.setQueryData(pageKey({ slug: page.slug as PageQuery['slug'], locale: page.locale as PageQuery['locale'] }), page),
  });
}
