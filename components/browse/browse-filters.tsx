import Link from "next/link";
import type { ReactNode } from "react";
import { browseHref, type BrowseFilters } from "@/lib/browse/filters";
import {
  experienceLabels,
  experienceLevels,
  specialties,
  specialtyLabels,
  type Specialty,
} from "@/lib/labels";

/**
 * The listing's filters as chips: each one a plain link to the filtered /browse, so a press applies at
 * once, works without JavaScript, keeps the filters in the URL (shareable) and starts both lists at page 1.
 * Not prefetched: every chip is a different shared copy, and a phone's first screen shows a dozen.
 * A server component: it has nothing to do in the browser, and as a client component its code put /browse's
 * script over its budget (docs/performance.md#page-weight); its markup travels in the HTML and the payload.
 */
export function BrowseFiltersForm({
  filters,
  mySpecialty,
}: {
  filters: BrowseFilters;
  mySpecialty: Specialty | null;
}) {
  const reset = { teamPage: 1, athletePage: 1 };
  const active = filters.role || filters.level || (filters.mine && mySpecialty);
  return (
    <nav aria-label="Filter listings" className="filter-bar">
      {/* What a leg chip means, said once for both lists (each list then says what it holds). */}
      <p className="text-xs text-slate-700">Leg: teams that need it, athletes who race it</p>
      <ChipGroup id="filter-leg" label="Leg">
        <Chip
          href={browseHref(filters, { ...reset, role: undefined, mine: false })}
          on={!filters.role && !filters.mine}
        >
          Any leg
        </Chip>
        {specialties.map((s) => (
          <Chip
            key={s}
            href={browseHref(filters, { ...reset, role: s, mine: false })}
            on={filters.role === s && !filters.mine}
          >
            {specialtyLabels[s]}
          </Chip>
        ))}
        {mySpecialty ? (
          <Chip
            href={browseHref(filters, { ...reset, role: undefined, mine: !filters.mine })}
            on={filters.mine}
          >
            Needs my specialty ({specialtyLabels[mySpecialty]})
          </Chip>
        ) : null}
      </ChipGroup>
      <ChipGroup id="filter-level" label="Level">
        <Chip href={browseHref(filters, { ...reset, level: undefined })} on={!filters.level}>
          Any level
        </Chip>
        {experienceLevels.map((l) => (
          <Chip key={l} href={browseHref(filters, { ...reset, level: l })} on={filters.level === l}>
            {experienceLabels[l]}
          </Chip>
        ))}
      </ChipGroup>
      {active ? (
        <Link href="/browse" prefetch={false} className="text-link self-start py-1">
          Clear filters
        </Link>
      ) : null}
    </nav>
  );
}

/** A row of chips after its label; on a narrow phone the row scrolls sideways inside itself. */
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

/** One choice; the chosen one is marked for assistive technology as the current one of its group. */
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
