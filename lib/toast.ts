import { toast } from "sonner";
import { toastDurations } from "@/lib/toast-config";
import { requestToaster } from "@/lib/toaster-signal";

// Every toast goes through here so the lazily mounted Toaster is asked for before the first one shows.
type ToastId = string | number;

/** `id` replaces an earlier (e.g. loading) toast in place instead of stacking a new one. */
export function toastError(message: string, id?: ToastId) {
  requestToaster();
  return toast.error(message, { duration: toastDurations.error, id });
}

export function toastSuccess(message: string, id?: ToastId) {
  requestToaster();
  return toast.success(message, { duration: toastDurations.success, id });
}

/** A neutral notice with the form-toast duration. */
export function toastInfo(message: string, id?: ToastId) {
  requestToaster();
  return toast.info(message, { duration: toastDurations.form, id });
}

/** Stays until dismissed (`dismissToast(id)`) or replaced by toastSuccess/toastError with the same id. */
export function toastLoading(message: string) {
  requestToaster();
  return toast.loading(message);
}

export function dismissToast(id?: ToastId) {
  toast.dismiss(id);
}

export { toastDurations };
