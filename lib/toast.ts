import { toast } from "sonner";
import { toastDurations } from "@/lib/toast-config";

type ToastId = string | number;

/** `id` replaces an earlier (e.g. loading) toast in place instead of stacking a new one. */
export function toastError(message: string, id?: ToastId) {
  return toast.error(message, { duration: toastDurations.error, id });
}

export function toastSuccess(message: string, id?: ToastId) {
  return toast.success(message, { duration: toastDurations.success, id });
}

/** Stays until dismissed (`toast.dismiss(id)`) or replaced by toastSuccess/toastError with the same id. */
export function toastLoading(message: string) {
  return toast.loading(message);
}

export { toast, toastDurations };
