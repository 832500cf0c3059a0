import type { LandingFaq as Faq } from "@/lib/content/landing-pages";

/** Questions stay visible (no disclosure widget): the answers are the page's content for readers and crawlers. */
export function LandingFaq({ faq }: { faq: Faq[] }) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="landing-faq" className="bg-sand-100 mt-14 rounded-2xl p-6 sm:p-8">
      <h2 id="landing-faq" className="text-ocean-950 text-2xl font-bold tracking-tight">
        Questions people ask
      </h2>
      <dl className="mt-6 space-y-6">
        {faq.map((item) => (
          <div key={item.question}>
            <dt className="text-ocean-900 font-semibold">{item.question}</dt>
            <dd className="mt-2 leading-relaxed text-slate-700">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
