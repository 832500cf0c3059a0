/**
 * Toast rules from spec §4/§9: error and form toasts 4 s (also the Toaster default), success toasts shorter,
 * loading toasts until dismissed or replaced (sonner never times out a "loading" toast), at most 20, top-right.
 * Kept apart from lib/toast.ts so the lazily loaded Toaster can read it without pulling sonner in eagerly.
 */
export const toastDurations = { error: 4000, form: 4000, success: 2000 } as const;

export const toasterOptions = {
  position: "top-right",
  visibleToasts: 20,
  duration: toastDurations.form,
} as const;
