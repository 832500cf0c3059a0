/**
 * Public pages never toast, so the Toaster (and sonner with it) is mounted only once something asks for a
 * toast: loading it on every page cost a long main-thread task after hydration. Kept free of sonner so the
 * root layout can read it without pulling sonner in.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToToaster(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isToasterWanted = () => wanted;
