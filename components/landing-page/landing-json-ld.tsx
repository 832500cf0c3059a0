import { landingPath, type LandingPage } from "@/lib/content/landing-pages";
import { JsonLd } from "@/lib/seo/json-ld";
import { absoluteUrl, site } from "@/lib/site";

/** FAQPage (the visible questions, word for word) and BreadcrumbList for one landing page. */
export function LandingJsonLd({ page }: { page: LandingPage }) {
  const faqPage = {
    "@type": "FAQPage",
    mainEntity: page.faq.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  const breadcrumbs = {
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: site.name, item: absoluteUrl("/") },
      { "@type": "ListItem", position: 2, name: page.title, item: absoluteUrl(landingPath(page)) },
    ],
  };
  return <JsonLd data={{ "@context": "https://schema.org", "@graph": [faqPage, breadcrumbs] }} />;
}
