import type { ReactNode } from "react";

/** A dashboard card: a titled region, so each card is a landmark-free but named group for screen readers. */
export function DashboardCard({
  id,
  title,
  children,
  className = "",
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-card={id}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}
    >
      {/* Focusable from script only: where focus goes when an answered item leaves the card. */}
      <h2 id={`${id}-title`} tabIndex={-1} className="text-ocean-950 text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** The card's shape while its data loads (each card streams in on its own). */
export function CardSkeleton({ title, lines = 4 }: { title: string; lines?: number }) {
  return (
    <section
      aria-busy="true"
      aria-label={`${title} (loading)`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-ocean-950 text-lg font-bold">{title}</h2>
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div className="mt-4 animate-pulse space-y-3">
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className={`h-4 rounded bg-slate-100 ${i % 2 ? "w-2/3" : "w-full"}`} />
        ))}
      </div>
    </section>
  );
}

export const cardLink = "text-link";
