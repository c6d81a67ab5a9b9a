import { Hourglass } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { serverPause } from './upload-queue';

/** When the tab's uploads resume (ms since the epoch) while the server has them wait, else null. */
export function useServerPause(): number | null {
  return useSyncExternalStore(serverPause.subscribe, serverPause.resumesAt);
}

export const serverWaitText = (seconds: number) => `Waiting for the server: resumes in ${seconds} s`;

/**
 * The queue's word while the server has it wait (decision 0565), counting down each second; gone
 * when sending resumes. A timer role: read when reached, not announced at every tick.
 */
export function UploadServerWait({ resumesAt }: { resumesAt: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (resumesAt === null) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [resumesAt]);
  if (resumesAt === null) return null;
  const seconds = Math.max(1, Math.ceil((resumesAt - now) / 1000));
  return (
    <p
      role="timer"
      data-testid="upload-server-wait"
      className="flex items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm"
    >
      <Hourglass className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {serverWaitText(seconds)}
    </p>
  );
}
