import Link from "next/link";
import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "ghost" | "inverse";
type Size = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  // sunset-700 on white text keeps 4.5:1+ contrast; sunset-500 would not.
  primary: "bg-sunset-700 text-white hover:bg-sunset-600",
  secondary: "border-2 border-ocean-700 bg-white text-ocean-800 hover:bg-ocean-50",
  ghost: "text-ocean-800 hover:bg-ocean-50",
  inverse: "border-2 border-white bg-transparent text-white hover:bg-white/10",
};
const sizes: Record<Size, string> = { md: "px-4 py-2 text-sm", lg: "px-6 py-3 text-base" };

/** Class list for anything that should look like a button (links, submit buttons, summary elements). */
export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type ButtonProps = ComponentProps<"button"> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className = "", type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

type LinkButtonProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size };

/** A navigation link styled as a button: navigation stays a link for keyboard and screen-reader users. */
export function LinkButton({ variant, size, className = "", ...rest }: LinkButtonProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
