import type { ComponentProps } from "react";

type Tone = "neutral" | "ocean" | "success" | "warning";

// Text/background pairs chosen for ≥ 4.5:1 contrast at small sizes.
const tones: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700",
  ocean: "bg-ocean-100 text-ocean-900",
  success: "bg-green-100 text-green-800",
  warning: "bg-orange-100 text-orange-900",
};

export function Badge({
  tone = "neutral",
  className = "",
  ...rest
}: ComponentProps<"span"> & { tone?: Tone }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]} ${className}`}
      {...rest}
    />
  );
}
