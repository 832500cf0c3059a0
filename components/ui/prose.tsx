import type { ComponentProps } from "react";

// Long-form text styles (policies, about page) without pulling in the typography plugin.
const proseClasses = [
  "max-w-3xl text-slate-800 leading-relaxed [&>:first-child]:mt-0",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ocean-950",
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ocean-900",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_a]:font-medium [&_a]:text-ocean-800 [&_a]:underline [&_a]:underline-offset-2",
].join(" ");

export function Prose({ className = "", ...rest }: ComponentProps<"div">) {
  return <div className={`${proseClasses} ${className}`} {...rest} />;
}
