export type Variant = "primary" | "secondary" | "ghost" | "inverse";
export type Size = "md" | "lg";

/**
 * Class list for anything that should look like a button (links, submit buttons, summary elements). The
 * styles are `.btn`, `.btn-<variant>` and `.btn-<size>` in app/globals.css: named once, not repeated in
 * every button's markup. In a module of its own so that client cards take the classes without the
 * components of ./button.tsx.
 */
export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
}
