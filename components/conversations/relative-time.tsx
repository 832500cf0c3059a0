"use client";

import { formatDistanceToNow } from "date-fns";
import { useEffect, useState } from "react";

// The exact moment, as Australians write it and in Noosa's time, for a pointer's tooltip: "27 Nov 2026, 6:05 am".
const exact = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Brisbane",
  dateStyle: "medium",
  timeStyle: "short",
});

/** "5 minutes ago" (date-fns buckets, docs/product.md#messages), kept fresh each minute; "unknown" without a date. */
export function RelativeTime({
  iso,
  className = "",
}: {
  iso: string | null | undefined;
  className?: string;
}) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return <span className={className}>unknown</span>;
  return (
    // Server and browser clocks differ by a moment: the text may legitimately change on hydration.
    <time
      dateTime={date.toISOString()}
      title={exact.format(date)}
      className={className}
      suppressHydrationWarning
    >
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
