// The part of autocannon's API the bench and load scripts use (it ships no types of its own).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  };
  type Histogram = { average: number; p50: number; p90: number; p97_5: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  type Instance = PromiseLike<Result> & {
    on(
      event: "response",
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  };
  export default function autocannon(options: Options): Instance;
}
