import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, Layers } from 'lucide-react';
import { useState } from 'react';
import { similarTakeTexts } from '../../../shared/schemas/similar-tracks';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage } from '../../lib/api-client';
import type { SimilarUpload } from './use-track-upload';

type Action = 'stack' | 'discard';

/**
 * One upload that sounds like a take the person has (issue 47, decision 0834): "Sounds like “X”
 * (93 %)" and the three answers. Stack makes the upload X's next version (POST …/stack), Discard
 * deletes the upload, Keep both leaves both; each answer takes the line off the summary (`onSettled`).
 * A failed answer says why and leaves the line, to try again.
 */
export function SimilarUploadItem({ upload, onSettled }: { upload: SimilarUpload; onSettled: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const { match } = upload;

  const run = async (action: Action) => {
    setBusy(action);
    try {
      if (action === 'stack') {
        await apiRequest('POST', `/api/tracks/${upload.trackId}/stack`, { ontoTrackId: match.id });
        toast({ title: similarTakeTexts.stacked(match.name) });
      } else {
        await apiRequest('DELETE', `/api/tracks/${upload.trackId}`);
        toast({ title: similarTakeTexts.discarded(upload.fileName) });
      }
      void queryClient.invalidateQueries({ queryKey: TRACKS_KEY });
      void queryClient.invalidateQueries({ queryKey: STORAGE_KEY });
      onSettled();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Please try again') });
      setBusy(null);
    }
  };

  return (
    <li className="min-w-0 space-y-1.5">
      <p className="flex min-w-0 items-start gap-1.5">
        <AudioLines className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span className="min-w-0 break-words">
          <span className="font-medium">{upload.fileName}</span>
          <span className="text-muted-foreground">: </span>
          {similarTakeTexts.soundsLike(match.name, match.similarity)}
        </span>
      </p>
      <div className="flex flex-wrap gap-1.5 pl-5">
        <Button size="sm" disabled={busy !== null} onClick={() => void run('stack')}>
          <Layers aria-hidden />
          {similarTakeTexts.stack(match.name)}
        </Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={onSettled}>
          {similarTakeTexts.keepBoth}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void run('discard')}>
          {similarTakeTexts.discard}
        </Button>
      </div>
    </li>
  );
}
