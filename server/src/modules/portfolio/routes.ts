import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { DiskFileStore } from '../../storage/disk-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { defaultEmbedder } from './embedder.ts';
import { registerFileRoutes, registerUploadRoute } from './file-routes.ts';
import { registerItemBinRoutes, registerItemRoutes } from './item-routes.ts';
import { registerSearchRoutes } from './search-routes.ts';
import * as service from './service.ts';

export type PortfolioRoutesOptions = {
  /** Tests and other deployments pass their own store (an object store later). */
  store?: FileStore;
  embedder?: service.PortfolioDeps['embedder'];
  /** How often responses cited each item: the responses area's counter. */
  countCitations: service.PortfolioDeps['countCitations'];
};

/** /api/portfolio: items, files, search. Every route needs the 'portfolio' module. */
const portfolioRoutes: FastifyPluginAsyncZod<PortfolioRoutesOptions> = async (app, options) => {
  const config = app.config;
  const store = options.store ?? new DiskFileStore(config.uploadsDir);
  const pending = new Set<Promise<unknown>>();
  const deps: service.PortfolioDeps = {
    db: app.db,
    store,
    uploadMaxBytes: config.uploadMaxBytes,
    embedder: options.embedder ?? defaultEmbedder(app),
    countCitations: options.countCitations,
    background: (task) => {
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
  };

  app.userDataCleanups.push((userId) => store.deletePrefix(`${service.STORAGE_AREA}/${userId}`));

  app.addHook('onClose', async () => {
    // Background embeddings get a few seconds to finish; a slow provider never blocks shutdown.
    await Promise.race([
      Promise.allSettled([...pending]),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  });

  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: config.uploadMaxBytes,
      files: 1,
      fields: 4,
      fieldSize: 1_024,
      parts: 5,
      headerPairs: 32,
    },
  });

  registerItemRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerItemBinRoutes(app, deps);
  registerUploadRoute(app, deps, config.uploadMaxBytes);
  registerFileRoutes(app, deps);
};

export default portfolioRoutes;
