import { BlockList, isIP } from "node:net";

/**
 * Addresses the worker never connects to for a push: this machine, private networks, link-local (the
 * cloud metadata service at 169.254.169.254), shared, reserved, documentation, multicast, and the IPv6
 * forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo), which could smuggle one of those in.
 */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(net, prefix, "ipv6");
}

/** True for an address on the public internet; false for anything above, or not an address at all. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // Only global unicast (2000::/3) is public IPv6: the first 16 bits are 0x2000 to 0x3fff.
  if (family === 6 && (Number.parseInt(address.split(":")[0] || "0", 16) & 0xe000) !== 0x2000) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}
