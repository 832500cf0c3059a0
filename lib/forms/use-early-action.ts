"use client";

import { useActionState, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and until the page's scripts have run, then true. For a control that cannot
 * work without them (a menu, a share sheet): it shows itself as not ready yet instead of doing nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * An action button's form that works before the page's scripts have run. On a slow phone a page is shown
 * for seconds before them, and a button that only has an onClick does nothing when pressed then. Here the
 * button submits a <form> whose action is the server action itself (React's progressive enhancement):
 * with no scripts the browser posts it, the server runs the action and sends the page back with the
 * result in it (`pageResult`, for the form to say what happened; `onResult` gets it too once the scripts
 * have run). With the scripts, `form.onSubmit` calls the action itself and hands the result to `onResult`
 * (the toast, the refresh, the next page) even if the page has re-rendered without the form meanwhile.
 *
 * `action` must be a server action (bound to its ids on the server, or reading them from the form's
 * fields), not a function made in the browser: only a server action can be posted without scripts.
 * `failure` is the result when the call itself fails (no connection).
 */
export function useEarlyAction<R extends { ok: boolean }>(
  action: (previous: R | null, form: FormData) => Promise<R>,
  onResult: (result: R) => void,
  failure: R,
) {
  // Only a post made without scripts sets this: with them, onSubmit calls the action instead.
  const [pageResult, formAction] = useActionState(action, null);
  const [pending, setPending] = useState(false);
  const handled = useRef<R | null>(null);
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });
  useEffect(() => {
    if (!pageResult || handled.current === pageResult) return;
    handled.current = pageResult;
    latest.current(pageResult);
  }, [pageResult]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields = new FormData(event.currentTarget);
    setPending(true);
    const result = await action(null, fields).catch(() => failure);
    setPending(false);
    latest.current(result);
  }

  return { form: { action: formAction, onSubmit }, pageResult, pending };
}
