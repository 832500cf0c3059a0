import Link from "next/link";
import { browseHref, parseFilters, type BrowseViewName } from "@/lib/browse/filters";

const tabs: { view: BrowseViewName; label: string }[] = [
  { view: "teams", label: "Teams and athletes" },
  { view: "partners", label: "Training partners" },
  { view: "sessions", label: "Sessions" },
];

/**
 * Browse's views as plain links (?view=…), so each is a URL the proxy rewrites to its shared copy, works
 * without JavaScript and can be shared. Each starts from its defaults (no filters carried across views).
 */
export function ViewTabs({ current }: { current: BrowseViewName }) {
  return (
    <nav aria-label="Browse views" className="view-tabs">
      {tabs.map((t) => (
        <Link
          key={t.view}
          href={browseHref({ ...parseFilters({}), view: t.view })}
          prefetch={false}
          aria-current={t.view === current ? "page" : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
