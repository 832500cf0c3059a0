"use client";

import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { catchUpOnReturn, subscribeWithCatchUp } from "@/lib/conversations/catch-up";
import { realtimeClient } from "@/lib/conversations/realtime-client";
import { burstRefresh } from "@/lib/live/burst-refresh";

export type LiveCounts = { occurrenceId: string; going: number; places: number };
/** The window event a date's new counts arrive by (./live-going-count.tsx shows them). */
export const liveCountsEvent = "session-live-counts";

/**
 * The page's refresh re-renders it on the server and in the browser: one per burst of answers (a rush for
 * the last places), not one per answer, which kept both busy and delayed the next answer's counts
 * (bench/session-live-latency.ts). The counts never wait for it: each change shows them at once.
 */
const refreshTiming = { settleMs: 400, maxWaitMs: 3000 };

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
    const burst = burstRefresh(() => router.refresh(), refreshTiming);
    const refresh = async () => burst.schedule();
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
      burst.cancel();
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [occurrenceId, router]);
  return <span hidden data-session-live={live} />;
}
