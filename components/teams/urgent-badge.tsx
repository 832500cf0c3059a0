import { timeLeftInWords, urgentNeedText } from "@/lib/teams/urgency";
import type { Role } from "@/lib/teams/labels";
import { UrgentNotice } from "./urgent-notice";

export type UrgentWords = { need: string; left: string };

/** The words of an urgent need ("Needs a runner by 2 Nov", "3 days left"); null once the day has passed. */
export function urgentWords(role: Role, by: string, now?: Date): UrgentWords | null {
  const left = timeLeftInWords(by, now);
  return left ? { need: urgentNeedText(role, by), left } : null;
}

/** "Needs a runner by 2 Nov · 3 days left"; nothing once the day has passed. */
export function UrgentBadge({ role, by, now }: { role: Role; by: string; now?: Date }) {
  const words = urgentWords(role, by, now);
  return words ? <UrgentNotice {...words} /> : null;
}
