import type { ComponentProps } from "react";

/** A white panel with a soft border; the basic surface for grouped content. */
export function Card({ className = "", ...rest }: ComponentProps<"div">) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`} {...rest} />
  );
}
