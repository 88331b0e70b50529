import { describe, expect, it } from 'vitest';

import { describeDevice } from './device.ts';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Phone · Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Desktop · Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      'Desktop · Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Desktop · Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Phone · Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Tablet · Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
      'Tablet · Chrome on iPadOS',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Desktop · Firefox on Linux',
    ],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'Bot or link preview'],
    ['', 'Unknown device'],
    [undefined, 'Unknown device'],
    ['something odd', 'Desktop · unknown browser'],
  ])('%s -> %s', (agent, expected) => {
    expect(describeDevice(agent)).toBe(expected);
  });

  it('stays fast on a huge hostile user agent', () => {
    const started = performance.now();
    expect(describeDevice('('.repeat(100_000))).toBe('Desktop · unknown browser');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
