"use client";

import Link from "next/link";
import type { BrowseFilters } from "@/lib/browse/filters";
import { experienceLabels, experienceLevels, specialties, specialtyLabels } from "@/lib/labels";

const select = "select";

/**
 * Role, level and "needs my specialty", as a plain GET form: the filters live in the URL, work without
 * JavaScript, and a filtered listing can be shared. Changing a filter starts both lists at page 1.
 * A client component with nothing to do in the browser (issue 22): its markup then travels in the page's
 * HTML and once in the cached script, not a second time in every listing's payload; its props are the
 * filters.
 */
export function BrowseFiltersForm({
  filters,
  mySpecialty,
}: {
  filters: BrowseFilters;
  mySpecialty: string | null;
}) {
  const active = filters.role || filters.level || filters.mine;
  return (
    <form method="get" action="/browse" aria-label="Filter listings" className="filter-bar">
      <div className="filter-field">
        <label htmlFor="filter-role">Role</label>
        <select id="filter-role" name="role" defaultValue={filters.role ?? ""} className={select}>
          <option value="">Any role</option>
          {specialties.map((s) => (
            <option key={s} value={s}>
              {specialtyLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor="filter-level">Experience level</label>
        <select id="filter-level" name="level" defaultValue={filters.level ?? ""} className={select}>
          <option value="">Any level</option>
          {experienceLevels.map((l) => (
            <option key={l} value={l}>
              {experienceLabels[l]}
            </option>
          ))}
        </select>
      </div>
      {mySpecialty ? (
        <label className="flex items-center gap-2 py-2 text-sm font-semibold text-slate-800">
          <input
            type="checkbox"
            name="mine"
            value="1"
            defaultChecked={filters.mine}
            className="accent-ocean-700 size-4"
          />
          Needs my specialty ({mySpecialty})
        </label>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          className="bg-ocean-800 hover:bg-ocean-700 rounded-lg px-4 py-2.5 text-sm font-semibold text-white"
        >
          Apply filters
        </button>
        {active ? (
          <Link href="/browse" className="text-link">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
