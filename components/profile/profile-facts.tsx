import type { ReactNode } from "react";

type Fact = { label: string; value: ReactNode; wide?: boolean };

/** A labelled list of read-only facts; an empty value reads "Not specified". */
export function ProfileFacts({ facts, columns = 2 }: { facts: Fact[]; columns?: 1 | 2 }) {
  return (
    <dl className={`grid gap-x-8 gap-y-4 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {facts.map(({ label, value, wide }) => (
        <div key={label} className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
          <dt className="text-sm font-semibold text-slate-600">{label}</dt>
          <dd className="mt-1 [overflow-wrap:anywhere] wrap-anywhere whitespace-pre-line text-slate-900">
            {value === null || value === undefined || value === "" ? (
              <span className="text-slate-600 italic">Not specified</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
