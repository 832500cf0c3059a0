/**
 * Toast rules from docs/product.md#limits: error and form toasts 4 s (also the Toaster default), success toasts shorter,
 * loading toasts until dismissed or replaced (sonner never times out a "loading" toast), at most 20, top-right,
 * below the top bar (components/layout/app-toaster.tsx), so no toast covers its links.
 * Kept apart from lib/toast.ts so the lazily loaded Toaster can read it without pulling sonner in eagerly.
 */
import type { CSSProperties } from "react";

export const toastDurations = { error: 4000, form: 4000, success: 2000 } as const;

/**
 * Text colours for sonner's rich colours. Its own light-theme success text (hsl(140 100% 27%)) reaches only
 * 4.3:1 on its pale green and its warning orange less, below WCAG AA's 4.5:1; these keep sonner's backgrounds
 * and darken the text. Inline on the Toaster, they override the variables sonner's stylesheet sets there.
 */
export const toastTextColors = {
  "--success-text": "#166534",
  "--error-text": "#991b1b",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
} as const;

/** The space between the top bar and the first toast, in px (sonner's own are 24 and 16). */
export const toastGap = { desktop: 16, phone: 8 } as const;

export const toasterOptions = {
  position: "top-right",
  visibleToasts: 20,
  duration: toastDurations.form,
  style: toastTextColors as CSSProperties,
} as const;
