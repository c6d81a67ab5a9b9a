import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { Device } from '../../../shared/schemas/sessions';

/** Longer user agents are cut before parsing: the header is the client's to make as long as it likes. */
const USER_AGENT_MAX = 512;

const majorVersion = (version: string | undefined) => version?.match(/^\d+/)?.[0];
const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** "Firefox 132" on "Windows 10", "Safari 17" on "iOS 17.5": what a person recognises their device by. */
export function browserAndOs(userAgent: string | undefined): Pick<Device, 'browser' | 'os'> {
  const ua = userAgent?.slice(0, USER_AGENT_MAX).trim();
  // Bowser throws on an empty string.
  if (!ua) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(ua);
  const osVersion = os.name === 'macOS' ? undefined : (os.versionName ?? os.version);
  return {
    browser: joined(browser.name, majorVersion(browser.version)),
    os: joined(os.name, osVersion),
  };
}

/**
 * The network an address belongs to: IPv4 /24, IPv6 /48 (an ISP's customer or a site), never the
 * address itself. There is no GeoIP database offline; a person still tells home from elsewhere.
 */
export function networkOf(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(missing, 0)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 3).map((group) => Number.parseInt(group, 16).toString(16));
  // Trailing zero groups fold into "::" as the canonical form writes them.
  while (prefix.length > 0 && prefix.at(-1) === '0') prefix.pop();
  return `${prefix.join(':')}::/48`;
}

/** The device of a request: its user agent, and its address (request.ip, which honours TRUST_PROXY). */
export const deviceOf = (request: FastifyRequest): Device => ({
  ...browserAndOs(request.headers['user-agent']),
  network: networkOf(request.ip),
});
