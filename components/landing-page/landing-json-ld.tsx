import { landingPath, type LandingPage } from "@/lib/content/landing-pages";
import { absoluteUrl, site } from "@/lib/site";

/** FAQPage + BreadcrumbList structured data. "<" is escaped so copy can never close the script element. */
export function LandingJsonLd({ page }: { page: LandingPage }) {
  const graph = [
    {
      "@type": "FAQPage",
      mainEntity: page.faq.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    },
    {
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: site.name, item: absoluteUrl("/") },
        { "@type": "ListItem", position: 2, name: page.title, item: absoluteUrl(landingPath(page)) },
      ],
    },
  ];
  const json = JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
