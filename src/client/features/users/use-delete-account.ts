import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../../shared/schemas/account';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { useForgetSignedInUser } from '../auth';

/**
 * DELETE /api/user (decision 0420): once the server has deleted the account (and ended the
 * session), the app forgets the person, as after a sign-out, and returns to the landing page.
 * Errors are the dialog's to show.
 */
export function useDeleteAccount() {
  const forget = useForgetSignedInUser();
  return useMutation<unknown, Error, DeleteAccountBody>({
    mutationFn: (body) => apiRequest('DELETE', '/api/user', body),
    onSuccess: () => {
      forget();
      toast({
        title: 'Your account was deleted',
        description: 'Everything in it is gone. Thank you for using Journal.',
      });
    },
  });
}
