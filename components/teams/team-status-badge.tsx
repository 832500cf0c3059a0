import { Badge } from "@/components/ui/badge";
import { statusLabels } from "@/lib/teams/labels";
import type { TeamStatus } from "@/lib/validation/team";

// Team status colours (docs/product.md#teams): open green, full orange, closed grey.
const tones = { open: "success", full: "warning", closed: "neutral" } as const;

export function TeamStatusBadge({ status }: { status: TeamStatus }) {
  return <Badge tone={tones[status]}>{statusLabels[status]}</Badge>;
}
