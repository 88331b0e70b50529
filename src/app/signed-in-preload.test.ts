import { describe, expect, it } from 'vitest';

import LeadsPage from '@/features/leads/leads-page';
import EditResponsePage from '@/features/responses/edit-response-page';
import GenerateResponsePage from '@/features/responses/generate-response-page';
import ProfilePage from '@/features/settings/profile-page';

import AppLayout from './layout/app-layout';
import SettingsLayout from './pages/settings-layout';
import { signedInScreenChunks } from './routes';

/** The components a cold load of `pathname` has fetched once its chunks are preloaded. */
async function preloadedComponents(pathname: string): Promise<unknown[]> {
  const modules = await Promise.all(
    signedInScreenChunks(pathname).map((page) => page.preload() as Promise<{ default: unknown }>),
  );
  return modules.map((module) => module.default);
}

describe('preloading the screen a returning user opens', () => {
  it('fetches the signed-in layout and the screen of the path', async () => {
    expect(await preloadedComponents('/leads')).toEqual([AppLayout, LeadsPage]);
  });

  it('tells apart screens whose paths begin alike', async () => {
    expect(await preloadedComponents('/generate-response')).toEqual([
      AppLayout,
      GenerateResponsePage,
    ]);
    expect(await preloadedComponents('/edit-response')).toEqual([AppLayout, EditResponsePage]);
  });

  it('fetches the settings layout with a settings page', async () => {
    expect(await preloadedComponents('/settings/profile')).toEqual([
      AppLayout,
      SettingsLayout,
      ProfilePage,
    ]);
  });

  it('fetches nothing for the sign-in page or an unknown path', () => {
    expect(signedInScreenChunks('/login')).toEqual([]);
    expect(signedInScreenChunks('/no-such-screen')).toEqual([]);
  });
});
