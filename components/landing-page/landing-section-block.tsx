import type { LandingSection } from "@/lib/content/landing-pages";

export function LandingSectionBlock({ section }: { section: LandingSection }) {
  const List = section.list?.ordered ? "ol" : "ul";
  return (
    <section className="mt-12 first:mt-0">
      <h2 className="text-ocean-950 text-2xl font-bold tracking-tight">{section.heading}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
          {paragraph}
        </p>
      ))}
      {section.list ? (
        <List
          className={`mt-4 space-y-2 pl-6 leading-relaxed text-slate-700 ${section.list.ordered ? "list-decimal" : "list-disc"} marker:text-sunset-700 marker:font-semibold`}
        >
          {section.list.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      ) : null}
    </section>
  );
}
