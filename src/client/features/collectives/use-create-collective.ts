import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Collective } from '../../../shared/schemas/collectives';
import { toast } from '../../components/ui/use-toast';
import { COLLECTIVES_QUERY_KEY } from '../../entities/collective/use-collectives';
import { apiRequest } from '../../lib/api-client';

export interface NewCollective {
  name: string;
  description: string | null;
  avatar: File | null;
}

let lastTempId = 0;
/** Negative so it can never collide with a real (serial) id while the request is in flight. */
function nextTempId(): number {
  lastTempId = Math.min(lastTempId, -Date.now()) - 1;
  return lastTempId;
}

function temporaryCollective(id: number, body: NewCollective): Collective {
  const now = new Date().toISOString();
  return {
    id,
    name: body.name,
    description: body.description,
    imageUrl: null,
    ownerId: 'temp-user',
    createdAt: now,
    updatedAt: now,
  };
}

/** POST /api/collectives/{id}/avatar (multipart field `avatar`): the collective with its imageUrl. */
export async function uploadCollectiveAvatar(id: number, file: File): Promise<Collective> {
  const form = new FormData();
  form.append('avatar', file);
  return (await (await apiRequest('POST', `/api/collectives/${id}/avatar`, form)).json()) as Collective;
}

/**
 * Optimistic creation (spec sections 4 and 8): a temporary collective joins the rail at once and
 * is swapped for the server's once it answers, or taken out again with 'Failed to create collective'.
 * The avatar follows the creation; if it fails it is only logged and the collective stays.
 * Then 'Collective created successfully' and the new collective opens.
 */
export function useCreateCollective({ onCreated }: { onCreated?: (collective: Collective) => void } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const replace = (id: number, next: Collective) =>
    queryClient.setQueryData<Collective[]>(COLLECTIVES_QUERY_KEY, (list) =>
      (list ?? []).map((c) => (c.id === id ? next : c)),
    );

  return useMutation({
    mutationFn: async ({ body, tempId }: { body: NewCollective; tempId: number }) => {
      const res = await apiRequest('POST', '/api/collectives', {
        name: body.name,
        ...(body.description ? { description: body.description } : {}),
      }).catch((err: unknown) => {
        throw new Error(`Failed to create collective: ${err instanceof Error ? err.message : String(err)}`);
      });
      let collective = (await res.json()) as Collective;
      replace(tempId, collective);
      if (body.avatar) {
        try {
          const withImage = await uploadCollectiveAvatar(collective.id, body.avatar);
          replace(collective.id, withImage);
          collective = withImage;
        } catch (err) {
          console.error('Failed to upload avatar', err);
        }
      }
      return collective;
    },
    onMutate: async ({ body, tempId }) => {
      await queryClient.cancelQueries({ queryKey: COLLECTIVES_QUERY_KEY });
      queryClient.setQueryData<Collective[]>(COLLECTIVES_QUERY_KEY, (list) => [
        ...(list ?? []),
        temporaryCollective(tempId, body),
      ]);
    },
    onError: (err, { tempId }) => {
      console.error(err);
      queryClient.setQueryData<Collective[]>(COLLECTIVES_QUERY_KEY, (list) =>
        list?.filter((c) => c.id !== tempId),
      );
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create collective' });
    },
    onSuccess: (collective) => {
      void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY, exact: true });
      toast({ title: 'Success', description: 'Collective created successfully' });
      onCreated?.(collective);
      navigate(`/collective/${collective.id}`);
    },
  });
}

/** Starts a creation with a fresh temporary id. */
export const createVariables = (body: NewCollective) => ({ body, tempId: nextTempId() });
