// autocannon ships no types; this is the part bench-api uses.
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number | string }>;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Array<Record<string, unknown>>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
