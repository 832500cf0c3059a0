import { experienceLevels, specialties, type ExperienceLevel, type Specialty } from "@/lib/labels";
import { partnerPlaceKeys, type PartnerPlace } from "./partner-places";

/**
 * Browse's views: the spec's two sections (teams and athletes looking for a team, the default), athletes
 * open to training partners, and upcoming group sessions.
 */
export const browseViews = ["teams", "partners", "sessions"] as const;
export type BrowseViewName = (typeof browseViews)[number];

/** The listing's filters and pages, as kept in the URL of /browse. */
export type BrowseFilters = {
  view: BrowseViewName;
  /** The leg: in "teams", teams that need it and athletes who race it; in "partners", athletes who race it. */
  role?: Specialty;
  /** "partners" only: athletes whose place names it. */
  place?: PartnerPlace;
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

/**
 * Reads the filters from search params; anything unknown is ignored rather than an error. What a view does
 * not use is left at its default, so each view has one spelling (and one shared copy) per thing it shows.
 */
export function parseFilters(params: Params): BrowseFilters {
  const view = (browseViews as readonly string[]).includes(first(params.view) ?? "")
    ? (first(params.view) as BrowseViewName)
    : "teams";
  const role = first(params.role);
  const level = first(params.level);
  const place = first(params.place);
  const parsed: BrowseFilters = {
    view,
    role: (specialties as readonly string[]).includes(role ?? "") ? (role as Specialty) : undefined,
    level: (experienceLevels as readonly string[]).includes(level ?? "")
      ? (level as ExperienceLevel)
      : undefined,
    mine: first(params.mine) === "1",
    teamPage: pageOf(first(params.tp)),
    athletePage: pageOf(first(params.ap)),
  };
  if (view === "teams") return parsed;
  if (view === "sessions") return { view, mine: false, teamPage: 1, athletePage: 1 };
  return {
    view,
    role: parsed.role,
    ...((partnerPlaceKeys as readonly string[]).includes(place ?? "")
      ? { place: place as PartnerPlace }
      : {}),
    mine: false,
    teamPage: 1,
    athletePage: parsed.athletePage,
  };
}

/** The /browse URL for `filters` with `patch` applied; defaults are left out so URLs stay short. */
export function browseHref(filters: BrowseFilters, patch: Partial<BrowseFilters> = {}): string {
  const f = { ...filters, ...patch };
  const q = new URLSearchParams();
  if (f.view !== "teams") q.set("view", f.view);
  if (f.role) q.set("role", f.role);
  if (f.place) q.set("place", f.place);
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
