import type { ComponentProps } from "react";

type Tone = "neutral" | "ocean" | "success" | "warning";

/** A pill; `.badge` and its tones (chosen for ≥ 4.5:1 contrast at small sizes) are in app/globals.css. */
export function Badge({
  tone = "neutral",
  className = "",
  ...rest
}: ComponentProps<"span"> & { tone?: Tone }) {
  return <span className={`badge badge-${tone} ${className}`.trim()} {...rest} />;
}
