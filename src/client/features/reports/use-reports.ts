import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody } from '../../../shared/schemas/reports';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** POST /api/reports; the reporter is told it was received (decision 0455). */
export function useSendReport() {
  return useMutation<unknown, Error, CreateReportBody>({
    mutationFn: (body) => apiRequest('POST', '/api/reports', body),
    onSuccess: () =>
      toast({ title: 'Report received', description: 'Thank you: the admins will look at it.' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not send the report',
        description: errorMessage(error, 'Could not send the report'),
      }),
  });
}
