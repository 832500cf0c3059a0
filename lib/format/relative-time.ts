import { formatDistance } from "date-fns";

/**
 * "less than a minute ago", "5 minutes ago", "about 2 hours ago", "3 days ago", "about 1 year ago": the
 * standard buckets (docs/product.md#messages). A time slightly in the future (clock skew) reads as now.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return formatDistance(at.getTime() > now.getTime() ? now : at, now, { addSuffix: true });
}
