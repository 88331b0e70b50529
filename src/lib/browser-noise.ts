/** Harmless browser noise that must never reach the error screen or the console. */
const NOISE = [/ResizeObserver loop/i, /selection ?mode/i];

export function isBrowserNoise(message: unknown): boolean {
  const text =
    typeof message === 'string' ? message : message instanceof Error ? message.message : '';
  return NOISE.some((pattern) => pattern.test(text));
}

/** Installs the window error and console filters once. */
export function suppressBrowserNoise(target: Window = window): void {
  target.addEventListener(
    'error',
    (event) => {
      if (isBrowserNoise(event.message) || isBrowserNoise(event.error)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    },
    { capture: true },
  );
  target.addEventListener('unhandledrejection', (event) => {
    if (isBrowserNoise(event.reason)) event.preventDefault();
  });
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (args.some((arg) => isBrowserNoise(arg))) return;
      original(...args);
    };
  }
}
