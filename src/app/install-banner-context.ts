import { createActorContext } from '@xstate/react';

import { installBannerMachine } from '@/machines/install-banner.machine';

/** The install banner actor (architecture §2); real edges in install-banner-logic.ts. */
export const InstallBannerContext = createActorContext(installBannerMachine);
