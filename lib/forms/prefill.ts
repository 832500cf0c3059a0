import {
  get,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from "react-hook-form";

/**
 * react-hook-form's `register` leaves a field empty in the server HTML and writes the form's
 * `defaultValues` into it only when the page hydrates. On a prefilled form (edit profile, edit team) that
 * means: until the scripts have run the fields look empty, and whatever the person does in that moment
 * races the late write ("Liam O'BrienEdited Tester": the old value lands under a caret that is already
 * typing). These helpers put the starting value into the HTML itself (`defaultValue`, `defaultChecked`),
 * so the field is prefilled from the first paint and hydration has nothing to write. react-hook-form then
 * also keeps an edit made before it was ready (it compares the field with its HTML default).
 *
 * Use with `useKeepEarlyInput` (components/forms/keep-early-input.tsx), which covers what neither
 * library keeps: textareas (React resets them while hydrating) and controlled inputs.
 */
export function prefilled<T extends FieldValues>(register: UseFormRegister<T>, defaults: unknown) {
  /** A text input, textarea or select, starting at its default value. */
  function field<N extends FieldPath<T>>(
    name: N,
    options?: RegisterOptions<T, N>,
  ): UseFormRegisterReturn<N> & { defaultValue: string } {
    const value: unknown = get(defaults, name);
    return { ...register(name, options), defaultValue: value == null ? "" : String(value) };
  }

  /**
   * A checkbox: for a boolean field leave out `value`; for a list field (several boxes under one name)
   * pass the box's value, and it starts checked when the list holds it.
   */
  function checkbox<N extends FieldPath<T>>(
    name: N,
    value?: string,
  ): UseFormRegisterReturn<N> & { defaultChecked: boolean; value?: string } {
    const current: unknown = get(defaults, name);
    const checked =
      value === undefined ? current === true : Array.isArray(current) && current.includes(value);
    return { ...register(name), defaultChecked: checked, ...(value === undefined ? {} : { value }) };
  }

  return { field, checkbox };
}
