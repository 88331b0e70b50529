import { createActorContext } from '@xstate/react';

import { installBannerMachine } from '@/machines/install-banner.machine';

/** The install banner actor, shared through context; real edges in install-banner-logic.ts. */
export const InstallBannerContext = createActorContext(installBannerMachine);
