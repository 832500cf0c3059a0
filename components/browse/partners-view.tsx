import Link from "next/link";
import type { ReactNode } from "react";
import { AthleteCard } from "@/components/browse/athlete-card";
import { PastLastPage } from "@/components/browse/empty-states";
import { Pager } from "@/components/browse/pager";
import { partnerPlaceKeys, partnerPlaces } from "@/lib/browse/partner-places";
import { browseHref, pageRange, pageSizes, type BrowseFilters } from "@/lib/browse/filters";
import type { ListedAthlete, Listing } from "@/lib/data/browse";
import { formatCount } from "@/lib/format/count";
import { specialties, specialtyLabels } from "@/lib/labels";

/**
 * Browse's "Training partners": public athletes open to training with others (a flag of their own, apart
 * from looking for a team), by leg and place. Chips are links, as the teams view's filters.
 */
export function PartnersView({
  filters,
  partners,
  viewerId,
}: {
  filters: BrowseFilters;
  partners: Listing<ListedAthlete>;
  viewerId: string | null;
}) {
  const range = pageRange(filters.athletePage, pageSizes.athletes, partners.total);
  const reset = { athletePage: 1 };
  const n = formatCount;
  const count =
    partners.total === 0 || range.past
      ? `${n(partners.total)} ${partners.total === 1 ? "athlete" : "athletes"}`
      : `Showing ${n(range.from)}–${n(range.to)} of ${n(partners.total)} athletes`;
  return (
    <>
      <nav aria-label="Filter training partners" className="filter-bar">
        <ChipGroup id="partner-leg" label="Leg">
          <Chip href={browseHref(filters, { ...reset, role: undefined })} on={!filters.role}>
            Any leg
          </Chip>
          {specialties.map((s) => (
            <Chip key={s} href={browseHref(filters, { ...reset, role: s })} on={filters.role === s}>
              {specialtyLabels[s]}
            </Chip>
          ))}
        </ChipGroup>
        <ChipGroup id="partner-place" label="Place">
          <Chip href={browseHref(filters, { ...reset, place: undefined })} on={!filters.place}>
            Anywhere
          </Chip>
          {partnerPlaceKeys.map((p) => (
            <Chip key={p} href={browseHref(filters, { ...reset, place: p })} on={filters.place === p}>
              {partnerPlaces[p]}
            </Chip>
          ))}
        </ChipGroup>
      </nav>
      <section id="partners" aria-labelledby="partners-title" className="scroll-mt-20 pt-2">
        <div className="listing-head">
          <div className="min-w-0">
            <h2 id="partners-title" className="listing-title">
              Open to Training Partners
            </h2>
            <p className="mt-0.5 text-sm text-slate-700 sm:mt-1 sm:text-base">
              Athletes happy to swim, ride or run with others, in a team or not.
            </p>
          </div>
          <p className="text-sm font-semibold text-slate-700">{count}</p>
        </div>
        {partners.items.length > 0 ? (
          <div className="listing-grid">
            {partners.items.map((athlete) => (
              <AthleteCard key={athlete.id} athlete={athlete} viewerId={viewerId} />
            ))}
          </div>
        ) : range.past && partners.total > 0 ? (
          <PastLastPage
            what="athletes"
            pages={range.pages}
            href={browseHref(filters, { athletePage: range.pages })}
          />
        ) : (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
            No athletes open to training match these filters yet. Tick &ldquo;Open to training partners&rdquo;
            on{" "}
            <Link href="/edit-profile" className="text-ocean-800 font-semibold underline underline-offset-2">
              your profile
            </Link>{" "}
            to be the first, or{" "}
            <Link href="/sessions" className="text-ocean-800 font-semibold underline underline-offset-2">
              join a group session
            </Link>
            .
          </p>
        )}
        <Pager
          label="Training partners"
          page={filters.athletePage}
          pages={range.past ? 0 : range.pages}
          href={(p) => browseHref(filters, { athletePage: p })}
        />
      </section>
    </>
  );
}

function ChipGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="chip-group">
      <p id={id} className="chip-group-label">
        {label}
      </p>
      <ul aria-labelledby={id} className="chips">
        {children}
      </ul>
    </div>
  );
}

function Chip({ href, on, children }: { href: string; on: boolean; children: ReactNode }) {
  return (
    <li>
      <Link
        href={href}
        prefetch={false}
        scroll={false}
        aria-current={on ? "true" : undefined}
        className="chip"
      >
        {children}
      </Link>
    </li>
  );
}
