import type { RealtimeChannel } from "@supabase/supabase-js";

/**
 * What an open thread (a 1:1 conversation or a team chat) does so that no message is missed: catch up when
 * the channel (re)subscribes, when hosted Realtime says the change feed has started (it starts just after
 * the join reply, so a message stored between the two would show only on the next event), and when the tab
 * comes back into view or the browser is back online (catchUpOnReturn).
 */
export function subscribeWithCatchUp(
  channel: RealtimeChannel,
  catchUp: () => Promise<void>,
  setLive: (live: boolean) => void,
): void {
  channel
    .on("system", {}, (payload: { extension?: string; status?: string }) => {
      if (payload.extension === "postgres_changes" && payload.status === "ok") void catchUp();
    })
    .subscribe((status) => {
      setLive(status === "SUBSCRIBED");
      if (status === "SUBSCRIBED") void catchUp();
    });
}

/** Catches up when the tab comes back into view or the browser is back online; returns the cleanup. */
export function catchUpOnReturn(catchUp: () => Promise<void>): () => void {
  const onBack = () => {
    if (!document.hidden) void catchUp();
  };
  window.addEventListener("focus", onBack);
  window.addEventListener("online", onBack);
  document.addEventListener("visibilitychange", onBack);
  return () => {
    window.removeEventListener("focus", onBack);
    window.removeEventListener("online", onBack);
    document.removeEventListener("visibilitychange", onBack);
  };
}
