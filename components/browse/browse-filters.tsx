import Link from "next/link";
import type { BrowseFilters } from "@/lib/browse/filters";
import { experienceLabels, experienceLevels, specialties, specialtyLabels } from "@/lib/validation/profile";

const select = "select";

/**
 * Role, level and "needs my specialty", as a plain GET form: the filters live in the URL, work without
 * JavaScript, and a filtered listing can be shared. Changing a filter starts both lists at page 1.
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
    <form
      method="get"
      action="/browse"
      aria-label="Filter listings"
      className="flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="w-full sm:w-44">
        <label htmlFor="filter-role" className="text-sm font-semibold text-slate-800">
          Role
        </label>
        <select id="filter-role" name="role" defaultValue={filters.role ?? ""} className={select}>
          <option value="">Any role</option>
          {specialties.map((s) => (
            <option key={s} value={s}>
              {specialtyLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-44">
        <label htmlFor="filter-level" className="text-sm font-semibold text-slate-800">
          Experience level
        </label>
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
