import Link from "next/link";
import { getLiveNumbers, type LiveNumbers as Numbers } from "@/lib/data/live-numbers";
import { orFallbackAtBuild } from "@/lib/data/public-cache";
import { formatCount } from "@/lib/format/count";
import { specialties } from "@/lib/validation/profile";

const n = formatCount;

/** The counts worth saying: only those above zero. */
export function liveStats(numbers: Numbers): string[] {
  const stats = [
    numbers.openTeams ? `${n(numbers.openTeams)} open team${numbers.openTeams === 1 ? "" : "s"}` : null,
    ...specialties.map((s) =>
      numbers.urgent[s]
        ? `${n(numbers.urgent[s])} urgently need${numbers.urgent[s] === 1 ? "s" : ""} a ${s}`
        : null,
    ),
    numbers.athletes
      ? `${n(numbers.athletes)} athlete${numbers.athletes === 1 ? "" : "s"} looking for a team`
      : null,
  ];
  return stats.filter((s): s is string => s !== null);
}

/**
 * "On Noosa Tri Teams right now": open teams, urgent needs per leg, athletes looking for a team, each
 * only when it is not zero (a tile reading "0 urgently need a swimmer" says nothing useful). Nothing at
 * all when every count is zero or the numbers are unavailable.
 */
export function LiveNumbers({ numbers }: { numbers: Numbers | null }) {
  const stats = numbers ? liveStats(numbers) : [];
  if (!stats.length) return null;
  return (
    <section aria-labelledby="live-numbers-title">
      <h2 id="live-numbers-title" className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
        On Noosa Tri Teams right now
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {stats.map((s) => (
          <li
            key={s}
            className="text-ocean-950 rounded-full border border-slate-300 bg-white px-3 py-1 font-semibold"
          >
            {s}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The home page's band of live numbers, read when the static page is made and whenever a team write or
 * profile edit expires it (lib/data/public-cache.ts). Left out of a page built without a database.
 */
export async function LiveNumbersBand() {
  const numbers = await orFallbackAtBuild(getLiveNumbers, null, "live numbers");
  if (!numbers || !liveStats(numbers).length) return null;
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6">
        <LiveNumbers numbers={numbers} />
        {/* In the first screen on a phone: not prefetched, see components/layout/site-header.tsx. */}
        <p className="mt-3 text-sm">
          <Link
            href="/browse"
            prefetch={false}
            className="text-ocean-800 font-semibold underline underline-offset-2"
          >
            See who is looking
          </Link>
        </p>
      </div>
    </div>
  );
}
