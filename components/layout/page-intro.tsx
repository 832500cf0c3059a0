import type { ReactNode } from "react";

type PageIntroProps = {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  /** Match the width of the content below: "narrow" for long-form text, "wide" for grids. */
  width?: "narrow" | "wide";
};

/** The banner at the top of a content page: one h1 and an optional lead paragraph. */
export function PageIntro({ eyebrow, title, children, width = "wide" }: PageIntroProps) {
  return (
    <div className="from-ocean-950 to-ocean-800 bg-gradient-to-br text-white">
      <div className={`mx-auto px-4 py-12 sm:px-6 md:py-16 ${width === "wide" ? "max-w-6xl" : "max-w-3xl"}`}>
        {eyebrow ? (
          <p className="text-sunset-400 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {children ? <div className="text-ocean-100 mt-4 max-w-3xl text-lg">{children}</div> : null}
      </div>
    </div>
  );
}
