import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { Badge } from "@/components/ui/badge";
import { pageMetadata } from "@/lib/seo/metadata";
import { resourceCategories } from "./resource-categories";

export const metadata: Metadata = pageMetadata({
  title: "Training Resources",
  description:
    "Triathlon training guides for Noosa athletes — swimming, cycling, running, transitions, nutrition and mental training. Under development.",
  path: "/training-resources",
});

export default function TrainingResourcesPage() {
  return (
    <>
      <PageIntro eyebrow="Under development" title="Training Resources">
        <p>
          This section is under development. Guides for every part of race preparation are on the way — until
          then, the fastest way to improve is to train with others: find partners on the Browse page.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {resourceCategories.map((category) => (
            <li key={category.name}>
              <section
                aria-labelledby={`category-${category.name.replace(" ", "-")}`}
                className="h-full rounded-2xl border border-slate-200 p-6 shadow-sm"
              >
                <h2
                  id={`category-${category.name.replace(" ", "-")}`}
                  className="text-ocean-900 text-xl font-bold"
                >
                  {category.name}
                </h2>
                <ul className="mt-4 space-y-3">
                  {category.items.map((item) => (
                    <li key={item} className="flex items-start justify-between gap-3">
                      <Link
                        href="/browse"
                        className="hover:text-ocean-800 hover:decoration-ocean-700 text-slate-800 underline decoration-slate-300 underline-offset-4"
                      >
                        {item}
                      </Link>
                      <Badge tone="warning" className="shrink-0">
                        Coming Soon
                      </Badge>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
