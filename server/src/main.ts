import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { restrictNewFiles, tightenTree } from './storage/private-files.ts';

/** The process that listens: config from the environment, migrations, then port 5050. */
async function main() {
  // Data, uploads and anything else this process writes are for the server's user only.
  restrictNewFiles();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // An older install may have left the data readable by others: tighten what is there.
  tightenTree(config.dataDir);
  tightenTree(config.uploadsDir);
  const releaseLock = config.databaseUrl
    ? () => {}
    : acquireDataDirLock(`${config.dataDir}/pglite`);
  const app = await buildApp(config);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    // A repeated SIGTERM (a supervisor, a relaying wrapper) changes nothing; a second Ctrl-C
    // stops at once.
    if (shuttingDown) {
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    // The server stops listening and closes the connections idle at that moment; a keep-alive
    // connection busy then becomes idle once its answer is out (new requests on it get 503), and
    // nothing would close it while the client keeps it open. Reaping idle connections until the
    // close completes lets the drain end with the last request instead of the client's timeout.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 200);
    reapIdle.unref();
    await app.close();
    clearInterval(reapIdle);
    releaseLock();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: app.database.engine, localMode: config.localMode },
    `Bidwright API on http://${config.host}:${config.port} (docs at /api/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
