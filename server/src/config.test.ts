import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function refusal(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('takes what is well formed, with the defaults for what is unset', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '8080', MAINTENANCE: 'off', API_DOCS: 'yes' });
    expect(config.port).toBe(8080);
    expect(config.maintenance).toBe(false);
    expect(config.apiDocs).toBe(true);
    expect(loadConfig({}).port).toBe(3000);
  });

  it('refuses a typo instead of falling back to the default, naming every variable at once', () => {
    const problems = refusal({
      PORT: 'abc',
      BODY_LIMIT: '1e6',
      MAINTENANCE: 'maybe',
      NODE_ENV: 'prod',
      SMS_PROVIDER: 'aliyn',
      PUBLIC_ORIGIN: 'books.example.edu.cn',
      PAY_CHANNELS: 'alipay,sandbx',
      LOG_LEVEL: 'verbose',
    });
    expect(problems.map((p) => p.split('=')[0]).sort()).toEqual(
      [
        'BODY_LIMIT',
        'LOG_LEVEL',
        'MAINTENANCE',
        'NODE_ENV',
        'PAY_CHANNELS',
        'PORT',
        'PUBLIC_ORIGIN',
        'SMS_PROVIDER',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('PORT'))).toContain('"abc"');
  });

  it('forgets the problems of an earlier refusal', () => {
    expect(refusal({ PORT: '-1' })).toHaveLength(1);
    expect(refusal({ PORT: '3001' })).toEqual([]);
  });
});
