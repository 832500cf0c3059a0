/** Runs one of the project's measuring scripts as a child process and collects its BENCH_RESULT lines. */
import { spawn } from "node:child_process";

export function runForResults(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(
        chunk
          .toString()
          .replace(/^BENCH_RESULT .*\n?/gm, "")
          .replace(/^/gm, "    "),
      );
    });
    child.on("exit", (code) => {
      const results = [...out.matchAll(/^BENCH_RESULT (.*)$/gm)].map((m) => JSON.parse(m[1]!) as object);
      if (code !== 0 && results.length === 0)
        reject(new Error(`${command} ${args.join(" ")} exited ${code}`));
      else resolve(Object.assign({}, ...results));
    });
  });
}
