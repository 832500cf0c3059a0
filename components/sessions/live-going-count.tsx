"use client";

import { useEffect, useState } from "react";
import { liveCountsEvent, type LiveCounts } from "./live-session-refresh";

type Props = { occurrenceId: string; going: number; places: number };

/**
 * "N going of M" on the host's page, updated from the live change itself (LiveSessionRefresh) the moment it
 * arrives, rather than after the page's refresh from the server; the refresh then brings the same numbers
 * with the rest of the page.
 */
export function LiveGoingCount({ occurrenceId, going, places }: Props) {
  const [live, setLive] = useState<LiveCounts | null>(null);
  useEffect(() => {
    const onCounts = (event: Event) => {
      const counts = (event as CustomEvent<LiveCounts>).detail;
      if (counts.occurrenceId === occurrenceId) setLive(counts);
    };
    window.addEventListener(liveCountsEvent, onCounts);
    return () => window.removeEventListener(liveCountsEvent, onCounts);
  }, [occurrenceId]);
  // A server render newer than the last change wins once it arrives with different props.
  const [seen, setSeen] = useState({ going, places });
  if (seen.going !== going || seen.places !== places) {
    setSeen({ going, places });
    setLive(null);
  }
  const shown = live ?? { going, places };
  return (
    <>
      {shown.going} going of {shown.places}
    </>
  );
}
