import Link from "next/link";
import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "ghost" | "inverse";
type Size = "md" | "lg";

/**
 * Class list for anything that should look like a button (links, submit buttons, summary elements). The
 * styles are `.btn`, `.btn-<variant>` and `.btn-<size>` in app/globals.css: named once, not repeated in
 * every button's markup.
 */
export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
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
