import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded SQLite file under data/', () => {
    const config = loadConfig({});
    expect(config.database.type).toBe('sqlite');
    expect(config.port).toBe(3333);
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:4200']);
  });

  it('chooses MySQL or MariaDB from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/jara' }).database).toEqual({ type: 'mysql', url: 'mysql://root@127.0.0.1:3306/jara' });
    expect(loadConfig({ DATABASE_URL: 'mariadb://root@db/jara' }).database).toEqual({ type: 'mariadb', url: 'mysql://root@db/jara' });
  });

  it('lists every wrong setting in one clear error', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'short', SMTP_URL: 'http://mail', NODE_ENV: 'staging' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toHaveLength(5);
    expect(error?.message).toContain('API_PORT must be an integer between 1 and 65535 (got "eighty")');
    expect(error?.message).toContain('DATABASE_URL must start with mysql://, mariadb:// or sqlite:');
    expect(error?.message).toContain('JWT_SECRET must be at least 32 characters long');
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required in production');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).jwt.secret).toBe('x'.repeat(40));
  });
});
