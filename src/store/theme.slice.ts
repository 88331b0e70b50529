import { createSlice } from '@reduxjs/toolkit';

/** Browser storage key 'theme', values 'dark' or 'light', default dark. */
export const THEME_STORAGE_KEY = 'theme';

export type ThemeName = 'dark' | 'light';

export interface ThemeState {
  dark: boolean;
}

/** Dark when nothing is stored or the stored value is 'dark': the default theme is dark. */
export function readStoredDark(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY) ?? null;
    return stored === null || stored === 'dark';
  } catch {
    return true;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ dark: readStoredDark(browserStorage()) }),
  reducers: {
    themeToggled(state) {
      state.dark = !state.dark;
    },
    themeSet(state, action: { payload: ThemeName }) {
      state.dark = action.payload === 'dark';
    },
  },
  selectors: {
    selectIsDark: (state) => state.dark,
  },
});

export const { themeToggled, themeSet } = themeSlice.actions;
export const { selectIsDark } = themeSlice.selectors;

/** Stores the theme and puts the 'dark' class on the root element (or removes it). */
export function applyTheme(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  try {
    browserStorage()?.setItem(THEME_STORAGE_KEY, dark ? 'dark' : 'light');
  } catch {
    // Storage can be unavailable (private mode, quota); the class still applies for this visit.
  }
}
