import { experienceLevels, specialties, type ExperienceLevel, type Specialty } from "@/lib/labels";

/** The listing's filters and pages, as kept in the URL of /browse. */
export type BrowseFilters = {
  role?: Specialty;
  level?: ExperienceLevel;
  /** "Needs my specialty": teams that need the signed-in athlete's leg, athletes of the other legs. */
  mine: boolean;
  teamPage: number;
  athletePage: number;
};

export const pageSizes = { teams: 6, athletes: 12 } as const;
// Deep pages cost an OFFSET scan; nobody pages this far by hand.
const maxPage = 500;

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function pageOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, maxPage) : 1;
}

/** Reads the filters from search params; anything unknown is ignored rather than an error. */
export function parseFilters(params: Params): BrowseFilters {
  const role = first(params.role);
  const level = first(params.level);
  return {
    role: (specialties as readonly string[]).includes(role ?? "") ? (role as Specialty) : undefined,
    level: (experienceLevels as readonly string[]).includes(level ?? "")
      ? (level as ExperienceLevel)
      : undefined,
    mine: first(params.mine) === "1",
    teamPage: pageOf(first(params.tp)),
    athletePage: pageOf(first(params.ap)),
  };
}

/** The /browse URL for `filters` with `patch` applied; defaults are left out so URLs stay short. */
export function browseHref(filters: BrowseFilters, patch: Partial<BrowseFilters> = {}): string {
  const f = { ...filters, ...patch };
  const q = new URLSearchParams();
  if (f.role) q.set("role", f.role);
  if (f.level) q.set("level", f.level);
  if (f.mine) q.set("mine", "1");
  if (f.teamPage > 1) q.set("tp", String(f.teamPage));
  if (f.athletePage > 1) q.set("ap", String(f.athletePage));
  const s = q.toString();
  return s ? `/browse?${s}` : "/browse";
}

/**
 * "Showing 13–24 of 9,876" style range of a page. `past` is a page after the last one (an old or edited
 * link): the list then shows no rows and says where it ends, never "Showing 66–66 of 66" on "Page 7 of 6".
 */
export function pageRange(
  page: number,
  size: number,
  total: number,
): { from: number; to: number; pages: number; past: boolean } {
  const pages = Math.max(1, Math.ceil(total / size));
  const past = page > pages;
  const from = total === 0 || past ? 0 : (page - 1) * size + 1;
  return { from, to: past ? 0 : Math.min(page * size, total), pages, past };
}
