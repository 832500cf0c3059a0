/** Small statistics helpers shared by the benchmark's parts. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: number[]) => percentile(values, 50);

export const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
