import { timeLeftInWords, urgentNeedText } from "@/lib/teams/urgency";
import type { Role } from "@/lib/teams/labels";

/** "Needs a runner by 2 Nov · 3 days left"; nothing once the day has passed. */
export function UrgentBadge({ role, by, now }: { role: Role; by: string; now?: Date }) {
  const left = timeLeftInWords(by, now);
  if (!left) return null;
  return (
    <p className="inline-flex flex-wrap items-center gap-x-2 rounded-lg border border-red-200 bg-red-50 px-3 py-1 text-sm font-semibold text-red-800">
      <span aria-hidden="true">⏱</span>
      <span>{urgentNeedText(role, by)}</span>
      <span className="font-normal">· {left}</span>
    </p>
  );
}
