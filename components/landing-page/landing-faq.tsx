import type { LandingFaq as Faq } from "@/lib/content/landing-pages";

/** Questions stay visible (no disclosure widget): the answers are the page's content for readers and crawlers. */
export function LandingFaq({ faq }: { faq: Faq[] }) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="landing-faq" className="mt-14 rounded-2xl bg-sand-100 p-6 sm:p-8">
      <h2 id="landing-faq" className="text-2xl font-bold tracking-tight text-ocean-950">
        Questions people ask
      </h2>
      <dl className="mt-6 space-y-6">
        {faq.map((item) => (
          <div key={item.question}>
            <dt className="font-semibold text-ocean-900">{item.question}</dt>
            <dd className="mt-2 leading-relaxed text-slate-700">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
