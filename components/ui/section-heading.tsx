import type { ReactNode } from "react";

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  center?: boolean;
};

/** The h2 + kicker + intro used at the top of every page section. */
export function SectionHeading({ id, eyebrow, title, intro, center = true }: SectionHeadingProps) {
  return (
    <div className={`mb-10 max-w-3xl ${center ? "mx-auto text-center" : ""}`}>
      {eyebrow ? (
        <p className="text-sunset-700 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="text-ocean-950 mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-slate-700">{intro}</p> : null}
    </div>
  );
}
