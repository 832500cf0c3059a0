"use client";

import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { catchUpOnReturn, subscribeWithCatchUp } from "@/lib/conversations/catch-up";
import { realtimeClient } from "@/lib/conversations/realtime-client";

export type LiveCounts = { occurrenceId: string; going: number; places: number };
/** The window event a date's new counts arrive by (./live-going-count.tsx shows them). */
export const liveCountsEvent = "session-live-counts";

/** Changes of one commit (the answer and the date's counts) arrive together: they make one refresh. */
const settleMs = 30;

/**
 * Keeps the host's open page of a session date live: every answer (a place taken or left, an offer, the
 * waitlist) and every change of the date re-renders the page from the server, so the counts, the people
 * and the offers are the database's at once; the new counts show before that (./live-going-count.tsx). The
 * channel session-live:<id> is the host's alone (Realtime policy). Renders only a hidden mark of whether it is
 * live (for the bench, bench/session-live-latency.ts).
 */
export function LiveSessionRefresh({ occurrenceId }: { occurrenceId: string }) {
  const router = useRouter();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let supabase: SupabaseClient | null = null;
    let channel: RealtimeChannel | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = async () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => router.refresh(), settleMs);
    };
    void realtimeClient().then((client) => {
      if (cancelled) return;
      supabase = client;
      channel = client
        .channel(`session-live:${occurrenceId}`, { config: { private: true } })
        .on(
          "postgres_changes",
          {
            event: "*",
            schema: "public",
            table: "session_rsvps",
            filter: `occurrence_id=eq.${occurrenceId}`,
          },
          () => void refresh(),
        )
        .on(
          "postgres_changes",
          {
            event: "UPDATE",
            schema: "public",
            table: "session_occurrences",
            filter: `id=eq.${occurrenceId}`,
          },
          (payload) => {
            // The counts are in the change itself: shown at once, before the page's refresh arrives.
            const row = payload.new as { going_count?: unknown; places?: unknown };
            if (typeof row.going_count === "number" && typeof row.places === "number")
              window.dispatchEvent(
                new CustomEvent<LiveCounts>(liveCountsEvent, {
                  detail: { occurrenceId, going: row.going_count, places: row.places },
                }),
              );
            void refresh();
          },
        );
      // A change made while the channel was (re)joining, or while the tab was away, is caught by a refresh.
      subscribeWithCatchUp(channel, refresh, setLive);
    });
    const stop = catchUpOnReturn(refresh);
    return () => {
      cancelled = true;
      stop();
      if (timer) clearTimeout(timer);
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [occurrenceId, router]);
  return <span hidden data-session-live={live} />;
}
