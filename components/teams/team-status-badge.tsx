import { Badge } from "@/components/ui/badge";
import { statusLabels } from "@/lib/teams/labels";
import type { TeamStatus } from "@/lib/validation/team";

// Spec §4: open green, full orange, closed grey.
const tones = { open: "success", full: "warning", closed: "neutral" } as const;

export function TeamStatusBadge({ status }: { status: TeamStatus }) {
  return <Badge tone={tones[status]}>{statusLabels[status]}</Badge>;
}
