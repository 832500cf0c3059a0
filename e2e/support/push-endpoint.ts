import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localCertificate } from "../../test/fixtures/push-endpoint-server.ts";

/**
 * The e2e suite's push service (test/fixtures/push-endpoint-server.ts) listens here, with a
 * certificate the app server trusts (NODE_EXTRA_CA_CERTS, set in playwright.config.ts) and may send to
 * (PUSH_ENDPOINT_ORIGINS). One certificate per port, made once and shared by the config and the specs.
 */
export const pushEndpointPort = Number(process.env.E2E_PORT ?? 3100) + 2000;
export const pushEndpointOrigin = `https://127.0.0.1:${pushEndpointPort}`;

export function pushEndpointCertificate(): { key: string; cert: string; certFile: string } {
  const dir = path.join(tmpdir(), `noosa-e2e-push-${pushEndpointPort}`);
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    const made = localCertificate();
    writeFileSync(keyFile, made.key, { mode: 0o600 });
    writeFileSync(certFile, made.cert);
  }
  return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8"), certFile };
}
