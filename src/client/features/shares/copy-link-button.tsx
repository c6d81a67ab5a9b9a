import { Check, Copy } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { useCopiedTick } from '../../lib/use-copied-tick';
import { cn } from '../../lib/utils';

/**
 * Puts `url` on the clipboard and says so; where the clipboard is refused (no secure context, no
 * permission) the toast shows the address so it can be copied by hand, as the track menu's Copy link
 * does (decision 0143). Resolves whether it worked.
 */
export async function copyLink(url: string, description: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description });
    return true;
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
    return false;
  }
}

/**
 * A Copy button whose icon turns into a tick for 2 s after copying (spec section 9's copied state).
 * `compact`: icon only (list rows); otherwise the icon and the word "Copy". Either way `label`, which
 * starts with that word, names it.
 */
export function CopyLinkButton({
  url,
  description,
  label = 'Copy link',
  compact = false,
  describedBy,
  buttonRef,
  autoFocus = false,
  className,
}: {
  url: string;
  /** The toast's text after copying: who can open the link. */
  description: string;
  label?: string;
  compact?: boolean;
  describedBy?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** Where the dialog puts the focus on opening (share-dialog.tsx). */
  autoFocus?: boolean;
  className?: string;
}) {
  const { copied, markCopied } = useCopiedTick();

  const copy = async () => {
    if (await copyLink(url, description)) markCopied();
  };

  const icon = copied ? <Check className="text-online" aria-hidden /> : <Copy aria-hidden />;
  return (
    <Button
      ref={buttonRef}
      variant="outline"
      size={compact ? 'icon' : 'default'}
      aria-label={label}
      aria-describedby={describedBy}
      data-autofocus={autoFocus || undefined}
      title={compact ? label : undefined}
      className={cn(compact && 'size-8', className)}
      onClick={() => void copy()}
    >
      {icon}
      {!compact && 'Copy'}
    </Button>
  );
}
