import { toast } from "sonner";

/**
 * Toast durations from spec §4/§9: error and form toasts 4 s (also the Toaster default), success toasts
 * shorter, loading toasts stay until dismissed or replaced (sonner never times out a "loading" toast).
 */
export const toastDurations = { error: 4000, form: 4000, success: 2000 } as const;

type ToastId = string | number;

/** `id` replaces an earlier (e.g. loading) toast in place instead of stacking a new one. */
export function toastError(message: string, id?: ToastId) {
  return toast.error(message, { duration: toastDurations.error, id });
}

export function toastSuccess(message: string, id?: ToastId) {
  return toast.success(message, { duration: toastDurations.success, id });
}

export function toastLoading(message: string) {
  return toast.loading(message);
}

export { toast };
