import { LinkButton } from "@/components/ui/button";
import { ServiceStatement } from "@/components/landing/service-statement";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-sand-100 py-16 md:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="cta-title" className="text-ocean-950 text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to find your team?
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          Sign up in a minute, tell others which leg you race, and start talking to athletes near Noosa today.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <LinkButton href="/auth" size="lg">
            Join Free Today
          </LinkButton>
          <LinkButton href="/browse" size="lg" variant="secondary">
            Browse Teams
          </LinkButton>
        </div>
        <ServiceStatement className="mx-auto mt-10 max-w-2xl" />
      </div>
    </section>
  );
}
