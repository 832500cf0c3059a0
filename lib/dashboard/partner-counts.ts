import type { Specialty } from "@/lib/validation/profile";

export type PartnerCounts = {
  total: number;
  /** Athletes with the viewer's location display name. */
  nearby: number;
  bySpecialty: Record<Specialty | "allrounder", number>;
};

/**
 * Folds per-specialty rows into the Find Partners numbers (docs/product.md#dashboard): an empty specialty counts as
 * all-rounder; the total is the sum of the rows.
 */
export function foldPartnerCounts(
  rows: { specialty: string | null; n: number }[],
  nearby: number,
): PartnerCounts {
  const bySpecialty = { swimmer: 0, cyclist: 0, runner: 0, allrounder: 0 };
  for (const { specialty, n } of rows) {
    const key =
      specialty && specialty in bySpecialty && specialty !== "allrounder"
        ? (specialty as Specialty)
        : "allrounder";
    bySpecialty[key] += n;
  }
  const total = Object.values(bySpecialty).reduce((a, b) => a + b, 0);
  return { total, nearby: Math.min(nearby, total), bySpecialty };
}
