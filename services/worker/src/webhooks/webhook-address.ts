// Where a delivery may go: every address a webhook's host resolves to must be public, so a registered address cannot
// reach into the platform's own network (its database, a cloud metadata service). Looked up before each try; the
// development stack, which allows plain HTTP to this machine, skips the check.
import { lookup } from 'node:dns/promises';
import { BlockList } from 'node:net';

const internal = new BlockList();
const ipv4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
// IPv4-mapped IPv6 addresses are checked against the IPv4 networks by the block list itself.
const ipv6: [string, number][] = [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];
for (const [network, prefix] of ipv4) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of ipv6) internal.addSubnet(network, prefix, 'ipv6');

/** Why a delivery to this address is refused, or null when every address of its host is public. */
export async function internalAddressOf(url: string, allowLocal: boolean): Promise<string | null> {
  if (allowLocal) return null;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    return `cannot resolve ${host}: ${(error as { code?: string }).code ?? (error as Error).message}`;
  }
  const refused = addresses.find((a) => internal.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
  return refused ? `refused: ${host} is an internal address (${refused.address})` : null;
}
