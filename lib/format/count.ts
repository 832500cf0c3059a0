// Made once: creating a number formatter (which `toLocaleString("en-AU")` does on every call) costs far
// more than formatting with one, and the live numbers, /browse and the dashboard format several a view.
const countFormat = new Intl.NumberFormat("en-AU");

/** 12,345: a count as Australians write it. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
