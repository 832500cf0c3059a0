/** Latency samples per page or action, and the figures the load report prints. */
export type Sample = { at: number; ms: number; ok: boolean; status: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export type Figures = { count: number; errors: number; p50: number; p95: number; p99: number };

export function figures(samples: Sample[]): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Every request of a run, by label ("page /dashboard", "action send"), with the time it started. */
export class Recorder {
  readonly samples = new Map<string, Sample[]>();
  record(label: string, sample: Sample) {
    let list = this.samples.get(label);
    if (!list) this.samples.set(label, (list = []));
    list.push(sample);
  }
  all(): Sample[] {
    return [...this.samples.values()].flat();
  }
  /** Only the samples that started inside [from, to). */
  between(from: number, to: number): Recorder {
    const cut = new Recorder();
    for (const [label, list] of this.samples)
      for (const s of list) if (s.at >= from && s.at < to) cut.record(label, s);
    return cut;
  }
}
