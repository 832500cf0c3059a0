import Link from "next/link";
import type { Profile } from "@/lib/data/profiles";
import type { PartnerCounts } from "@/lib/dashboard/partner-counts";
import { formatCount } from "@/lib/format/count";
import { cardLink, DashboardCard } from "./dashboard-card";

const rows = [
  ["swimmer", "Swimmers"],
  ["cyclist", "Cyclists"],
  ["runner", "Runners"],
  ["allrounder", "All-rounders"],
] as const;

/** Find Partners (docs/product.md#dashboard): other listed athletes, how many near the viewer, and per specialty. */
export function PartnersCard({ profile, counts }: { profile: Profile; counts: PartnerCounts }) {
  return (
    <DashboardCard id="partners" title="Find Partners">
      {counts.total === 0 ? (
        <p className="text-slate-700">No athletes available yet</p>
      ) : (
        <>
          <p className="text-slate-900">
            <span className="text-ocean-950 text-3xl font-extrabold">{formatCount(counts.total)}</span>{" "}
            {counts.total === 1 ? "athlete is" : "athletes are"} looking for a team
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {formatCount(counts.nearby)} in {profile.location.display_name || "your area"}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {rows
              .filter(([key]) => key !== "allrounder" || counts.bySpecialty.allrounder > 0)
              .map(([key, label]) => (
                <div key={key} className="flex justify-between rounded-lg bg-slate-50 px-3 py-1.5">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="font-semibold text-slate-900">{formatCount(counts.bySpecialty[key])}</dd>
                </div>
              ))}
          </dl>
        </>
      )}
      <Link href="/browse" className={`${cardLink} mt-auto pt-4`}>
        Browse Athletes
      </Link>
    </DashboardCard>
  );
}
