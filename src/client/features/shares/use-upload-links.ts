import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareInput, ShareLink } from '../../../shared/schemas/shares';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { expiresAtFor, putFirst, SHARES_KEY, type ShareExpiry, useRevokeLink } from './use-share-links';

/** The owner's upload links (issue 45): GET /api/shares holds every kind; these are kept apart. */
export const UPLOAD_LINKS_KEY = [...SHARES_KEY, 'upload'] as const;

export function useUploadLinks(enabled = true) {
  return useQuery<ShareLink[]>({
    queryKey: UPLOAD_LINKS_KEY,
    queryFn: async () => {
      const links = (await (await apiRequest('GET', '/api/shares')).json()) as ShareLink[];
      return links.filter((l) => l.kind === 'upload');
    },
    enabled,
    // What the links received changes while the dialog is closed: read again on each opening.
    refetchOnMount: 'always',
  });
}

export interface NewUploadLink {
  recipient: string;
  description: string;
  maxFiles: number;
  /** Whole gigabytes or a fraction: sent in bytes. */
  maxBytes: number;
  expiry: ShareExpiry;
  password: string;
}

/** POST /api/shares { kind: 'upload' }; the new link goes on top of the list at once. */
export function useCreateUploadLink() {
  const queryClient = useQueryClient();
  return useMutation<ShareLink, Error, NewUploadLink>({
    mutationFn: async (link) => {
      const body: CreateShareInput = {
        kind: 'upload',
        recipient: link.recipient.trim() || null,
        description: link.description.trim() || null,
        maxFiles: link.maxFiles,
        maxBytes: link.maxBytes,
        expiresAt: expiresAtFor(link.expiry),
        ...(link.password ? { password: link.password } : {}),
      };
      return (await apiRequest('POST', '/api/shares', body)).json();
    },
    onSuccess: (link) => putFirst(queryClient, UPLOAD_LINKS_KEY, link),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Could not create the link',
        description: errorMessage(err, 'Failed to create the link'),
      }),
  });
}

/** The link takes nothing more; what it received stays in the journal. */
export const useRevokeUploadLink = () =>
  useRevokeLink(UPLOAD_LINKS_KEY, 'It takes no more files. What it received stays yours.');
