import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement as PostedAnnouncement } from '@shared/schemas/admin';
import type { Announcement } from '@shared/schemas/student';
import { apiFetch } from '../../lib/api-client';

/**
 * Announcements: staff post and delete them (Admin → Announcements), students read the published ones on their hub.
 * One key root for both views, so posting or deleting refreshes whichever is on screen.
 */
const ANNOUNCEMENTS = ['announcements'] as const;

export const announcementQueries = {
  all: ANNOUNCEMENTS,
  /** What students see. */
  published: () =>
    queryOptions({
      queryKey: [...ANNOUNCEMENTS, 'published'] as const,
      queryFn: async ({ signal }) => (await apiFetch<{ announcements: Announcement[] }>('/api/announcements', { signal })).announcements,
    }),
  /** Everything posted, with who posted it (staff). */
  posted: () =>
    queryOptions({
      queryKey: [...ANNOUNCEMENTS, 'posted'] as const,
      queryFn: async ({ signal }) => (await apiFetch<{ announcements: PostedAnnouncement[] }>('/api/admin/announcements', { signal })).announcements,
    }),
};

function useAnnouncementMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS }) });
}

export const usePostAnnouncement = () =>
  useAnnouncementMutation((body: { title: string; body: string }) =>
    apiFetch<{ announcement: PostedAnnouncement }>('/api/admin/announcements', { method: 'POST', body }),
  );

export const useDeleteAnnouncement = () =>
  useAnnouncementMutation((id: string) => apiFetch<{ deleted: string }>(`/api/admin/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' }));
