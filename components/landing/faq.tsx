import { faqItems } from "@/components/landing/faq-items";
import { SectionHeading } from "@/components/ui/section-heading";
import { JsonLd, faqJsonLd } from "@/lib/seo/json-ld";

/** FAQ as native disclosures (no JS), with the same text published as FAQPage JSON-LD. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="py-16 md:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="Questions" title="Frequently Asked Questions" />
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {faqItems.map((item) => (
            <details key={item.question} className="group p-5">
              <summary className="text-ocean-900 flex cursor-pointer list-none items-center justify-between gap-4 rounded text-lg font-semibold [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden="true"
                  className="text-sunset-700 text-2xl leading-none transition-transform group-open:rotate-45 motion-reduce:transition-none"
                >
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
      <JsonLd data={faqJsonLd(faqItems)} />
    </section>
  );
}
