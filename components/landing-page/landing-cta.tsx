import { LinkButton } from "@/components/ui/button";
import type { LandingPage } from "@/lib/content/landing-pages";

export function LandingCta({ cta, teamsHref }: { cta: LandingPage["cta"]; teamsHref: string }) {
  return (
    <section aria-labelledby="landing-cta" className="bg-ocean-900 text-white">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
        <h2 id="landing-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {cta.heading}
        </h2>
        <p className="text-ocean-50 mt-4 text-lg">{cta.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href={teamsHref} prefetch={false} size="lg">
            See teams that need you now
          </LinkButton>
          <LinkButton href="/auth" size="lg" variant="inverse">
            Sign up free
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
