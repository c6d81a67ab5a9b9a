/**
 * Whether a new version of the app waits to take over (issue 25, decision 0355): the registration
 * (register-sw.ts) offers it, the update prompt shows it. A tiny store of its own so the prompt, in
 * the first route, needs neither the registration code nor workbox-window.
 */
type ApplyUpdate = () => Promise<void>;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** A new service worker is installed and waiting; `apply` activates it, and the page then reloads. */
export function offerUpdate(apply: ApplyUpdate): void {
  waiting = apply;
  for (const listener of listeners) listener();
}

/** The waiting update's "apply", or null while the running version is the newest known. */
export function waitingUpdate(): ApplyUpdate | null {
  return waiting;
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the offer (tests). */
export function resetUpdateOffer(): void {
  waiting = null;
  for (const listener of listeners) listener();
}
