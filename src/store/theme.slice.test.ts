import { describe, expect, it } from 'vitest';

import { makeStore } from './index';
import { readStoredDark, selectIsDark, THEME_STORAGE_KEY, themeToggled } from './theme.slice';

describe('theme slice', () => {
  it('is dark when nothing is stored', () => {
    expect(selectIsDark(makeStore().getState())).toBe(true);
  });

  it("is dark when 'dark' is stored and light when 'light' is stored", () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(selectIsDark(makeStore().getState())).toBe(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(selectIsDark(makeStore().getState())).toBe(false);
  });

  it("toggling stores the new value under 'theme' and flips the root 'dark' class", () => {
    const store = makeStore();
    store.dispatch(themeToggled());
    expect(selectIsDark(store.getState())).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');

    store.dispatch(themeToggled());
    expect(selectIsDark(store.getState())).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('falls back to dark when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredDark(broken)).toBe(true);
  });
});
