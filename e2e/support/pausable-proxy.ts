import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of Postgres that can hold what the app sends: paused, every byte from the app waits
 * here (in order) until resume(), so the app's transactions wait for their BEGIN's answer exactly as when
 * the pool is the queue. Nothing is lost or reordered, and the database itself is never touched.
 */
export async function pausableProxy(target: URL) {
  let paused = false;
  const held: [Socket, Buffer][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => (paused ? held.push([upstream, chunk]) : upstream.write(chunk)));
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    /** `target` with its host and port replaced by the relay's. */
    url: (() => {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    })(),
    pause: () => void (paused = true),
    resume() {
      paused = false;
      for (const [upstream, chunk] of held.splice(0)) upstream.write(chunk);
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
