import { describe, expect, it } from 'vitest';
import { AuthMsg } from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { registeredRoutes } from '../../http/module.js';
import { useTestApp } from '../../../test/helpers.js';

const testOnly = (url: string) => url.startsWith('/api/test/') || url.startsWith('/api/dev/');

describe('test-only routes', () => {
  describe('in production', () => {
    // TEST_ROUTES asked for, but NODE_ENV=production never allows it.
    const production = loadConfig({
      NODE_ENV: 'production',
      TEST_ROUTES: '1',
      LOG_LEVEL: 'silent',
      PASSWORD_CIPHER_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const t = useTestApp({ ...production, webDist: '/nonexistent' });

    it('registers no /api/test/* or /api/dev/* route', async () => {
      expect(t.ctx.config.env).toBe('production');
      expect(registeredRoutes(t.app).filter((r) => testOnly(r.url))).toEqual([]);
      expect((await t.app.inject({ url: '/api/dev/sms' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/test/staff', payload: {} })).statusCode).toBe(404);
    });
  });

  describe('in test mode', () => {
    const t = useTestApp();

    it('registers the testing modules', () => {
      const urls = registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`);
      expect(urls).toEqual(
        expect.arrayContaining(['GET /api/dev/sms', 'POST /api/test/staff', 'POST /api/test/session']),
      );
    });

    it('answers a taken staff name with 409 and the product message, not 500', async () => {
      const make = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/staff',
          payload: { userName: 'twin_staff', password: 'Console-Pass-2026!', isAdmin: true, roles: [] },
        });
      expect((await make()).json().code).toBe(200);
      const again = await make();
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe(AuthMsg.STAFF_NAME_TAKEN);
    });

    it('refuses an unknown staff role with 400, not 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/staff',
        payload: { userName: 'odd_role_staff', password: 'Console-Pass-2026!', isAdmin: false, roles: ['books'] },
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
