import 'reflect-metadata';
import { createApp, logStartup } from './app.factory';
import { ConfigError, loadConfig } from './config/config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Jara API cannot start.\n${error.message}\nSee .env.example for every setting.`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  logStartup(config);
}

bootstrap().catch((error) => {
  console.error('Jara API failed to start:', error);
  process.exit(1);
});
