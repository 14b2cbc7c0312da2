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

  it('reads the backup and metrics settings, refusing a short token, a bad range and a zero schedule', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/tb',
      BACKUP_EVERY_HOURS: '6',
      METRICS_TOKEN: 'x'.repeat(20),
      METRICS_ALLOW: '10.0.0.0/8, ::1, loopback',
    });
    expect(config.backup).toEqual({ dir: '/srv/tb/backups', everyHours: 6, keep: 7 });
    expect(config.metrics.allow).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(loadConfig({}).backup.everyHours).toBeUndefined();
    const problems = refusal({ BACKUP_EVERY_HOURS: '0', METRICS_TOKEN: 'short', METRICS_ALLOW: '10.0.0.0/33,lan' });
    expect(problems.map((p) => p.split('=')[0]).sort()).toEqual([
      'BACKUP_EVERY_HOURS',
      'METRICS_ALLOW', // 10.0.0.0/33
      'METRICS_ALLOW', // lan
      'METRICS_TOKEN',
    ]);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('forgets the problems of an earlier refusal', () => {
    expect(refusal({ PORT: '-1' })).toHaveLength(1);
    expect(refusal({ PORT: '3001' })).toEqual([]);
  });
});
