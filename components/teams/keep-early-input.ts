import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * `register` for prefilled forms that keeps what the user typed before hydration. react-hook-form writes
 * the default value into each control when it registers it, which would wipe text typed into the
 * server-rendered form while the JavaScript was still loading. This reads the control first and, when the
 * user had changed it, puts their value back and into the form state (React then replays the change).
 */
export function keepEarlyInput<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => {
    const registered = form.register(name, options);
    return {
      ...registered,
      ref: (el: Field | null) => {
        if (!el) return registered.ref(el);
        const box = el instanceof HTMLInputElement && el.type === "checkbox";
        const before = box ? (el as HTMLInputElement).checked : el.value;
        registered.ref(el);
        const after = box ? (el as HTMLInputElement).checked : el.value;
        if (before === after) return;
        if (box) {
          (el as HTMLInputElement).checked = before as boolean;
          const current = ((form.getValues(name) as string[] | undefined) ?? []).filter(
            (v) => v !== el.value,
          );
          const next = before ? [...current, el.value] : current;
          form.setValue(name, next as never, { shouldDirty: true });
        } else {
          el.value = before as string;
          const value =
            options && "valueAsNumber" in options && options.valueAsNumber ? Number(before) : before;
          form.setValue(name, value as never, { shouldDirty: true });
        }
      },
    };
  };
}
