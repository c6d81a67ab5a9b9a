import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences } from '../../../shared/schemas/notifications';
import { apiRequest } from '../../lib/api-client';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const NOTIFICATION_PREFERENCES_KEY = ['/api/notifications/preferences'] as const;

export function useNotifications() {
  return useQuery<NotificationList>({ queryKey: NOTIFICATIONS_KEY });
}

/** `ids` marks those read; none marks all. The reply is the inbox as it now is. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) =>
      (await (
        await apiRequest('POST', '/api/notifications/read', ids ? { ids } : {})
      ).json()) as NotificationList,
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATIONS_KEY, list),
  });
}

export function useNotificationPreferences(enabled: boolean) {
  return useQuery<NotificationPreferences>({ queryKey: NOTIFICATION_PREFERENCES_KEY, enabled });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<NotificationPreferences>) =>
      (await (
        await apiRequest('PATCH', '/api/notifications/preferences', changes)
      ).json()) as NotificationPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, prefs),
  });
}
