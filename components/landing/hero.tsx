import { LinkButton } from "@/components/ui/button";
import { event } from "@/lib/site";

/** Landing hero: what the site does, for whom, and the two ways in (docs/product.md#landing-pages). */
export function Hero() {
  const { swimKm, bikeKm, runKm } = event.distances;
  return (
    <section
      aria-labelledby="hero-title"
      className="from-ocean-950 via-ocean-900 to-ocean-700 relative overflow-hidden bg-gradient-to-br text-white"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="text-sunset-400 text-sm font-semibold tracking-wide uppercase">
            {event.name} · swim {swimKm} km · bike {bikeKm} km · run {runKm} km
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Find your Noosa triathlon team — even at the last minute
          </h1>
          <p className="text-ocean-100 mt-6 max-w-2xl text-lg">
            Meet swimmers, cyclists and runners around Noosa who are looking for training partners or a relay
            team. Fill a withdrawn teammate&apos;s leg, race the part you love, or build a team from scratch.
          </p>
          {/* Not prefetched while the page loads: see components/layout/site-header.tsx. */}
          <div className="mt-8 flex flex-wrap gap-4">
            <LinkButton href="/auth" prefetch={false} size="lg">
              Get Started Now
            </LinkButton>
            <LinkButton href="/browse" prefetch={false} size="lg" variant="inverse">
              Browse Teams
            </LinkButton>
          </div>
        </div>
        <ul className="grid grid-cols-3 gap-3 text-center lg:grid-cols-1" aria-label="The three legs">
          {[
            { leg: "Swim", km: swimKm, note: "ocean start" },
            { leg: "Bike", km: bikeKm, note: "hinterland loop" },
            { leg: "Run", km: runKm, note: "to the finish" },
          ].map((item) => (
            <li key={item.leg} className="rounded-2xl bg-white/10 px-3 py-4 ring-1 ring-white/20">
              <span className="block text-xl font-extrabold sm:text-2xl">{item.km} km</span>
              <span className="text-ocean-100 block text-sm">
                {item.leg} · {item.note}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
