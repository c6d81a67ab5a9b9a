import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserImport } from '../../../shared/schemas/imports';
import { uploadWithProgress } from '../../lib/api-client';

/** The person's imports of a Journal export, newest first (issue 27, decision 0426). */
export const IMPORTS_KEY = ['/api/user/imports'] as const;
/**
 * While one is queued or running the list is read again this often: the live event usually comes
 * first, but a browser whose stream dropped (a phone woken from sleep) still sees it move.
 */
const RUNNING_POLL_MS = 3_000;

/** POST /api/user/import's 202 (importStartedSchema). */
type ImportStarted = Pick<UserImport, 'id' | 'state'>;

export const importRunning = (item: UserImport | undefined) =>
  item?.state === 'queued' || item?.state === 'running';

export const useImports = () =>
  useQuery<UserImport[]>({
    queryKey: IMPORTS_KEY,
    refetchInterval: (query) => (query.state.data?.some(importRunning) ? RUNNING_POLL_MS : false),
  });

/**
 * POST /api/user/import with the zip as `file`, through the same XHR upload the tracks use (fetch
 * cannot report upload progress). `progress` is 0 to 100 while the bytes go up; once accepted (202)
 * the list is read again so the new import shows at once. A refusal (400/422 bad archive, 413 too
 * big, 409 another import running) is the mutation's error, its message the server's.
 */
export function useStartImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation<ImportStarted, Error, File>({
    mutationFn: (file) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress<ImportStarted>('/api/user/import', form, setProgress);
    },
    // Awaited: the card keeps "Starting…" until the list holds the new import, never a gap.
    onSettled: () => queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
  return { ...mutation, progress };
}
