import Link from "next/link";
import { getLiveNumbers } from "@/lib/data/live-numbers";
import { formatCount } from "@/lib/format/count";
import { specialties, specialtyLabels } from "@/lib/validation/profile";

const n = formatCount;

/**
 * "Who is there right now": open teams, urgent needs per leg, athletes looking for a team. Rendered into
 * the static page and refreshed with it (revalidate); nothing at all when the numbers are unavailable.
 */
export async function LiveNumbers() {
  const numbers = await getLiveNumbers();
  if (!numbers) return null;
  const stats = [
    { label: numbers.openTeams === 1 ? "open team" : "open teams", value: numbers.openTeams },
    ...specialties.map((s) => ({
      label: `urgently need${numbers.urgent[s] === 1 ? "s" : ""} a ${specialtyLabels[s].toLowerCase()}`,
      value: numbers.urgent[s],
    })),
    {
      label: numbers.athletes === 1 ? "athlete looking for a team" : "athletes looking for a team",
      value: numbers.athletes,
    },
  ];
  return (
    <section aria-labelledby="live-numbers-title" className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <h2 id="live-numbers-title" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          On Noosa Tri Teams right now
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {stats.map((s) => (
            <div
              key={s.label}
              className="flex flex-col rounded-xl border border-slate-200 bg-white px-4 py-3"
            >
              <dt className="text-sm text-slate-700">{s.label}</dt>
              <dd className="text-ocean-950 order-first text-2xl font-extrabold">{n(s.value)}</dd>
            </div>
          ))}
        </dl>
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
    </section>
  );
}
