/**
 * An approximate device from a user agent, for the owner's view list: "Phone · Safari on iOS",
 * "Desktop · Chrome on Windows". Plain substring checks, in an order where the more specific
 * names win (Edge and Opera also say Chrome; Chrome also says Safari; Android also says Linux).
 */

type Rule = { needle: string; name: string };

const BROWSERS: readonly Rule[] = [
  { needle: 'edg/', name: 'Edge' },
  { needle: 'edga/', name: 'Edge' },
  { needle: 'edgios/', name: 'Edge' },
  { needle: 'opr/', name: 'Opera' },
  { needle: 'samsungbrowser/', name: 'Samsung Internet' },
  { needle: 'firefox/', name: 'Firefox' },
  { needle: 'fxios/', name: 'Firefox' },
  { needle: 'crios/', name: 'Chrome' },
  { needle: 'chrome/', name: 'Chrome' },
  { needle: 'chromium/', name: 'Chromium' },
  { needle: 'safari/', name: 'Safari' },
];

const SYSTEMS: readonly Rule[] = [
  { needle: 'iphone', name: 'iOS' },
  { needle: 'ipad', name: 'iPadOS' },
  { needle: 'ipod', name: 'iOS' },
  { needle: 'android', name: 'Android' },
  { needle: 'windows', name: 'Windows' },
  { needle: 'cros', name: 'ChromeOS' },
  { needle: 'mac os x', name: 'macOS' },
  { needle: 'macintosh', name: 'macOS' },
  { needle: 'linux', name: 'Linux' },
];

const BOTS = ['bot', 'crawler', 'spider', 'preview', 'curl/', 'wget/', 'headless'];

const USER_AGENT_MAX = 512;

function firstMatch(agent: string, rules: readonly Rule[]): string | null {
  for (const rule of rules) if (agent.includes(rule.needle)) return rule.name;
  return null;
}

function formFactor(agent: string, system: string | null): string {
  if (system === 'iPadOS' || agent.includes('tablet')) return 'Tablet';
  if (agent.includes('mobi') || system === 'iOS') return 'Phone';
  // Android without "Mobile" is a tablet by Google's own convention.
  if (system === 'Android') return 'Tablet';
  return 'Desktop';
}

export function describeDevice(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, USER_AGENT_MAX).toLowerCase();
  if (agent.trim() === '') return 'Unknown device';
  if (BOTS.some((bot) => agent.includes(bot))) return 'Bot or link preview';
  const system = firstMatch(agent, SYSTEMS);
  const browser = firstMatch(agent, BROWSERS);
  const kind = formFactor(agent, system);
  const software =
    browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'unknown browser');
  return `${kind} · ${software}`;
}
