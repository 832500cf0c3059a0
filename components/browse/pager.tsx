import Link from "next/link";

const link =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-ocean-800 hover:bg-ocean-50";

/** Previous / next links for one list; plain links, so each page is a small server render. */
export function Pager({
  label,
  page,
  pages,
  href,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-6 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link} rel="prev" scroll={false}>
          Previous<span className="sr-only"> {label.toLowerCase()}</span>
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className={link} rel="next" scroll={false}>
          Next<span className="sr-only"> {label.toLowerCase()}</span>
        </Link>
      ) : null}
    </nav>
  );
}
