/**
 * `npm run simulator`: the fleet owner of a scale-out deployment as its own process (issue 18,
 * docs/scale-out.md). It runs the simulated units, channels and servers, publishes every event to
 * the JetStream stream, relays the outbox, runs the once-only jobs and answers the console
 * instances' fleet calls; it serves no HTTP. It needs LUC_BUS_URL (and, to be shared, a PostgreSQL
 * LUC_DATABASE_URL); LUC_SIMULATOR is implied. SIGINT/SIGTERM stop it cleanly.
 */
import { ConfigError, parseConfig } from './config.ts';
import { startServer } from './main.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig({ ...process.env, LUC_SIMULATOR: '1' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (config.busUrl === null) {
    console.error('Cannot start: npm run simulator is the fleet owner of a scale-out deployment: set LUC_BUS_URL (nats://…) and LUC_DATABASE_URL (postgres://…); npm start runs everything in one process instead');
    process.exit(2);
  }
  const owner = await startServer(config, console.log, { http: false });
  const shutdown = (signal: string): void => {
    console.log(`${signal}: stopping the fleet owner`);
    const force = setTimeout(() => process.exit(1), 10_000); // a stuck close must not hang the terminal
    force.unref();
    owner.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
