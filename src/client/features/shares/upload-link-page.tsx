import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, FileAudio, Inbox, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { countOf, formatDate, formatFileSize, formatStorageAmount } from '../../../shared/format';
import { type SentFile, SHARE_GUEST_NAME_MAX } from '../../../shared/schemas/share-uploads';
import type { SharedItem } from '../../../shared/schemas/shares';
import { UserAvatar } from '../../components/collective-avatar';
import { Page } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage, uploadWithProgress } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { sharedItemKey } from './use-shared-item';

export type UploadLink = Extract<SharedItem, { type: 'upload' }>;

interface Sending {
  key: number;
  name: string;
  progress: number;
  error: string | null;
}

/** "3 of 5 files left · 1.2 GB left". */
export const capsLeftLabel = (link: Pick<UploadLink, 'remainingFiles' | 'maxFiles' | 'remainingBytes'>) =>
  `${link.remainingFiles} of ${countOf(link.maxFiles, 'file')} left · ${formatStorageAmount(link.remainingBytes)} left`;

const STATE_TEXT: Record<SentFile['state'], string> = {
  pending: 'Received, being processed',
  ready: 'Received',
  failed: 'Received, could not be processed',
};

/**
 * '/s/{token}' of an upload link (issue 45, decision 0737), signed out: whose link it is and their
 * message, the guest's name, a drop zone and picker for audio files sent one after another with
 * their progress, what the link still takes, and what this browser sent through it (nobody else's).
 * A sent file updates the page from the server's answer: reading the link again would count a visit.
 */
export function UploadLinkPage({ token, link }: { token: string; link: UploadLink }) {
  const queryClient = useQueryClient();
  const ids = { name: useId(), nameError: useId(), caps: useId() };
  const [name, setName] = useState(link.guest?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const full = link.remainingFiles <= 0 || link.remainingBytes <= 0;

  const update = (key: number, change: Partial<Sending>) =>
    setSending((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  /** The name comes first: asked for (and focused) before a picker opens or a file is sent. */
  const nameGiven = () => {
    if (name.trim()) {
      setNameError(null);
      return true;
    }
    setNameError('Enter your name first: it tells who sent the files.');
    nameInput.current?.focus();
    return false;
  };

  const sendAll = async (files: File[]) => {
    if (!nameGiven()) return;
    const guestName = name.trim();
    const entries = files.map((file) => ({
      key: nextKey.current++,
      name: file.name,
      progress: 0,
      error: null,
    }));
    setSending((list) => [...entries, ...list]);
    // One after another: the link's caps are counted as each file arrives.
    for (const [i, file] of files.entries()) {
      const key = entries[i]!.key;
      const form = new FormData();
      form.append('name', guestName);
      form.append('audio', file);
      try {
        const sent = await uploadWithProgress<SentFile>(
          `/api/shares/by-token/${encodeURIComponent(token)}/uploads`,
          form,
          (progress) => update(key, { progress }),
        );
        setSending((list) => list.filter((s) => s.key !== key));
        queryClient.setQueryData<SharedItem>(sharedItemKey(token), (item) =>
          item?.type === 'upload'
            ? {
                ...item,
                guest: { name: guestName },
                remainingFiles: Math.max(0, item.remainingFiles - 1),
                remainingBytes: Math.max(0, item.remainingBytes - sent.size),
                sent: [sent, ...item.sent],
              }
            : item,
        );
      } catch (err) {
        update(key, { error: errorMessage(err, 'Could not send this file') });
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!full) void sendAll(Array.from(event.dataTransfer.files));
  };

  return (
    <Page className="max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25">
          <Inbox className="size-8" aria-hidden />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Send files</p>
          <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold tracking-tight break-words">
            <UserAvatar name={link.owner.displayName} avatarUrl={link.owner.avatarUrl} className="size-7" />
            <span className="min-w-0">{link.owner.displayName} asks for your files</span>
          </h1>
        </div>
      </header>

      {link.description && (
        <figure className="mt-6 rounded-xl border-l-4 border-primary/60 bg-muted/40 px-4 py-3">
          <blockquote className="text-sm whitespace-pre-wrap">{link.description}</blockquote>
          <figcaption className="mt-1 text-xs text-muted-foreground">{link.owner.displayName}</figcaption>
        </figure>
      )}

      <section
        aria-label="Send files"
        className="mt-6 grid gap-4 rounded-xl border border-border bg-card/40 p-4"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={ids.name}>Your name</Label>
          <Input
            id={ids.name}
            ref={nameInput}
            value={name}
            maxLength={SHARE_GUEST_NAME_MAX}
            autoComplete="name"
            required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? ids.nameError : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && (
            <p id={ids.nameError} role="alert" className="text-sm text-destructive">
              {nameError}
            </p>
          )}
        </div>
        <section
          aria-label="Drop zone"
          data-testid="upload-link-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
            dragging ? 'border-primary bg-primary/10' : 'border-border',
          )}
        >
          <Upload className="size-6 text-primary" aria-hidden />
          <p className="font-medium">{full ? 'This link has taken all it can' : 'Drop audio files here'}</p>
          <p id={ids.caps} className="text-sm text-muted-foreground" data-testid="upload-link-caps">
            {capsLeftLabel(link)}
          </p>
          <Button
            variant="outline"
            disabled={full}
            aria-describedby={ids.caps}
            onClick={() => nameGiven() && picker.current?.click()}
          >
            Choose files
          </Button>
          <input
            ref={picker}
            type="file"
            accept="audio/*"
            multiple
            hidden
            aria-label="Choose audio files to send"
            data-testid="upload-link-file-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void sendAll(files);
            }}
          />
        </section>
        {sending.length > 0 && (
          <ul aria-label="Sending" className="grid gap-2">
            {sending.map((s) => (
              <li key={s.key} className="grid gap-1 text-sm">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate">{s.name}</span>
                  <span
                    className={cn('shrink-0 text-xs', s.error ? 'text-destructive' : 'text-muted-foreground')}
                  >
                    {s.error ?? `${s.progress} %`}
                  </span>
                </span>
                {!s.error && (
                  <progress
                    className="h-1.5 w-full overflow-hidden rounded-full accent-primary"
                    max={100}
                    value={s.progress}
                    aria-label={`Sending ${s.name}`}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="upload-link-sent" className="mt-6 grid gap-2">
        <h2 id="upload-link-sent" className="text-sm font-semibold">
          What you sent
        </h2>
        {link.sent.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet. Only you see what you send here.</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            data-testid="upload-link-sent"
          >
            {link.sent.map((file) => (
              <li key={`${file.createdAt}:${file.name}`} className="flex items-start gap-3 px-3 py-2 text-sm">
                <FileAudio className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="break-words">{file.name}</p>
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <span>
                      {formatFileSize(file.size)} · {formatDate(file.createdAt)}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <CheckCircle2 className="size-3.5 text-online" aria-hidden />
                      {STATE_TEXT[file.state]}
                    </span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {link.expiresAt && (
        <p className="mt-8 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden />
          This link works until {formatDate(link.expiresAt)}.
        </p>
      )}
    </Page>
  );
}
