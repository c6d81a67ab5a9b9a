import { Check, Copy } from 'lucide-react';
import { useCopiedTick } from '../lib/use-copied-tick';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { toast } from './ui/use-toast';

/**
 * An icon-only Copy button for a link shown beside it: "Link Copied" with `copiedDescription` (spec
 * section 9's copied state: a tick for 2000 ms, and `copiedLabel` as its name meanwhile), or the
 * spec's 'Failed to copy link' when the clipboard refuses.
 */
export function CopyIconButton({
  url,
  label,
  copiedLabel,
  copiedDescription,
  className,
}: {
  url: string;
  label: string;
  copiedLabel: string;
  copiedDescription: string;
  className?: string;
}) {
  const { copied, markCopied } = useCopiedTick();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      markCopied();
      toast({ title: 'Link Copied', description: copiedDescription });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to copy link' });
    }
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8 shrink-0', className)}
      aria-label={copied ? copiedLabel : label}
      onClick={copy}
    >
      {copied ? <Check className="text-online" /> : <Copy />}
    </Button>
  );
}
