import type { ReactNode } from "react";

type PageIntroProps = {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  /** Match the width of the content below: "narrow" for long-form text, "wide" for grids. */
  width?: "narrow" | "wide";
};

/**
 * The banner at the top of a content page: one h1 and an optional lead paragraph. Its styles are the
 * `.page-intro*` classes (app/globals.css), on every content page.
 */
export function PageIntro({ eyebrow, title, children, width = "wide" }: PageIntroProps) {
  return (
    <div className="page-intro">
      <div className={width === "wide" ? "page-intro-wide" : "page-intro-narrow"}>
        {eyebrow ? <p className="page-intro-eyebrow">{eyebrow}</p> : null}
        <h1 className="page-intro-title">{title}</h1>
        {children ? <div className="page-intro-lede">{children}</div> : null}
      </div>
    </div>
  );
}
