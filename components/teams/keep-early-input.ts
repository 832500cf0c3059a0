import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// Controls already checked once: each is compared with its default only when it is first registered.
const seen = new WeakSet<Field>();

const valueAt = (values: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);

/**
 * `register` for prefilled forms that (1) renders the prefilled values into the server HTML
 * (defaultValue / defaultChecked), and (2) keeps what the user typed there before hydration.
 * react-hook-form writes the default into each control when it registers it, which would wipe that
 * typing; this reads the control first and, when it differs from the default, puts the user's value
 * back and into the form state. Pass `checkboxValue` for each box of a checkbox group.
 */
export function keepEarlyInput<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  defaults: T,
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>, checkboxValue?: string) => {
    const registered = form.register(name, options);
    const initial = valueAt(defaults, name);
    const box = checkboxValue !== undefined;
    const initialChecked = box && Array.isArray(initial) && initial.includes(checkboxValue);
    const ref = (el: Field | null) => {
      if (!el || seen.has(el)) return registered.ref(el);
      seen.add(el);
      const early = box ? (el as HTMLInputElement).checked : el.value;
      registered.ref(el);
      if (box) {
        if (early === initialChecked) return;
        (el as HTMLInputElement).checked = early as boolean;
        const rest = ((form.getValues(name) as string[] | undefined) ?? []).filter(
          (v) => v !== checkboxValue,
        );
        form.setValue(name, (early ? [...rest, checkboxValue] : rest) as never, { shouldDirty: true });
      } else if (early !== String(initial ?? "")) {
        el.value = early as string;
        const asNumber = options && "valueAsNumber" in options && options.valueAsNumber;
        form.setValue(name, (asNumber ? Number(early) : early) as never, { shouldDirty: true });
      }
    };
    return box
      ? { ...registered, ref, value: checkboxValue, defaultChecked: initialChecked }
      : { ...registered, ref, defaultValue: String(initial ?? "") };
  };
}
