import { adminContentPaths, type AnnouncementData, type AnnouncementList, type PostAnnouncementRequest } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const announcementsKey = ['admin', 'content', 'announcements'] as const;

export function getAnnouncements(signal?: AbortSignal): Promise<AnnouncementList> {
  return http.get<AnnouncementList>(`/api${adminContentPaths.announcements}`, undefined, { signal, silent: true });
}

export const announcementsOptions = () => queryOptions({ queryKey: announcementsKey, queryFn: ({ signal }) => getAnnouncements(signal) });
export const useAnnouncements = () => useQuery(announcementsOptions());

/** POST postAnnouncement: to every account's messages page. */
export function usePostAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PostAnnouncementRequest) => http.post<AnnouncementData>(`/api${adminContentPaths.postAnnouncement}`, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
