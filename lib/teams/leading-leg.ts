import { specialties, type Specialty } from "@/lib/labels";

/**
 * The leg the page leads to: the one most open teams urgently need (the soonest urgent team's on a tie),
 * or none when no team needs anyone urgently. It takes the live numbers (lib/data/live-numbers.ts) by the
 * shape it reads: lib/data imports lib/teams, not the other way round.
 */
export function leadingLeg(
  numbers: { urgent: Record<Specialty, number> } | null,
  teams: { urgent_role: Specialty | null }[] | null,
): Specialty | null {
  const first = teams?.find((t) => t.urgent_role)?.urgent_role ?? null;
  const most = numbers ? Math.max(...specialties.map((s) => numbers.urgent[s])) : 0;
  if (!most) return first;
  return first && numbers?.urgent[first] === most
    ? first
    : specialties.find((s) => numbers!.urgent[s] === most)!;
}
