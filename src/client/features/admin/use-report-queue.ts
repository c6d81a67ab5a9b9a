import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportList, ReportState } from '../../../shared/schemas/reports';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { ADMIN_KEY } from './use-admin';

// The admins' moderation queue (decision 0455): the console's, beside its other queries; sending a
// report is the reports feature's.

export const useReportQueue = (state: ReportState) =>
  useQuery<AdminReportList>({ queryKey: ['/api/admin', `reports?state=${state}`] });

export type ReportAction = 'hide' | 'dismiss' | 'unhide';
const DONE: Record<ReportAction, string> = {
  hide: 'Hidden: the author was told',
  dismiss: 'Report dismissed',
  unhide: 'Shown again',
};

/** Hide / Dismiss / Unhide on a report: every report on the same target follows; the queue refreshes. */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { report: AdminReport; action: ReportAction }>({
    mutationFn: ({ report, action }) => apiRequest('POST', `/api/admin/reports/${report.id}/${action}`),
    onSuccess: (_d, { action }) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      toast({ title: DONE[action] });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not do that',
        description: errorMessage(error, 'Failed'),
      }),
  });
}
