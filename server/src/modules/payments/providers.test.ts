import { execFileSync } from 'node:child_process';
import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderMsg, type OrderView } from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { call, expectRefused, useTestApp } from '../../../test/helpers.js';
import { buildPricedBook, order, orderRow, shelfEntries } from '../../../test/orders.js';

/**
 * The real providers' notifications, verified by the real code (alipay-sdk's RSA2 check, the WeChat Pay v3
 * platform-certificate signature and AES-256-GCM resource) with key pairs and a certificate made here.
 */
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
const alipayApp = rsa();
const alipayItself = rsa();
const alipayForger = rsa();
const wechatPlatform = rsa();
const wechatForger = rsa();
const wechatMerchant = rsa();
const API_V3_KEY = randomBytes(16).toString('hex');
const PLATFORM_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const APP_ID = '2021000000000001';
const MCH_ID = '1900000109';

/** A real X.509 platform certificate for the platform key (WeChat Pay hands out certificates, not bare keys). */
function platformCertificate(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxcert-'));
  writeFileSync(path.join(dir, 'key.pem'), wechatPlatform.privateKey);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-new',
    '-key',
    path.join(dir, 'key.pem'),
    '-subj',
    '/CN=Tenpay.com Root CA test',
    '-days',
    '2',
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  return readFileSync(path.join(dir, 'cert.pem'), 'utf8');
}

const base = loadConfig({ NODE_ENV: 'test' });
const t = useTestApp({
  payments: {
    ...base.payments,
    channels: ['alipay', 'wechat', 'sandbox'],
    alipay: {
      appId: APP_ID,
      privateKey: alipayApp.privateKey,
      publicKey: alipayItself.publicKey,
      endpoint: 'http://127.0.0.1:9',
    },
    wechat: {
      mchId: MCH_ID,
      appId: 'wx0000000000000001',
      apiV3Key: API_V3_KEY,
      mchSerial: 'MERCHANTSERIAL',
      mchPrivateKey: wechatMerchant.privateKey,
      platformCert: platformCertificate(),
      platformSerial: PLATFORM_SERIAL,
    },
  },
});

let buyer: BuiltMember;
beforeAll(async () => {
  buyer = await buildMember(t.ctx.db);
});

async function freshOrder(fen: number): Promise<OrderView & { bookId: number }> {
  const bookId = await buildPricedBook(t.ctx.db, fen);
  return { ...(await order(t, buyer.token, bookId)), bookId };
}

// ---- Alipay: form body, RSA2 over the sorted parameters (sign and sign_type left out) ----

function alipayForm(params: Record<string, string>, key = alipayItself.privateKey): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  return new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
}

const alipayPaid = (o: OrderView, over: Record<string, string> = {}) => ({
  app_id: APP_ID,
  charset: 'utf-8',
  notify_time: '2026-11-23 20:00:00',
  notify_type: 'trade_status_sync',
  out_trade_no: o.orderNo,
  trade_no: `2026112322001${o.id}`,
  total_amount: o.amount.toFixed(2),
  trade_status: 'TRADE_SUCCESS',
  ...over,
});

async function alipayNotify(form: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: form,
  });
  return { status: res.statusCode, body: res.body };
}

describe('Alipay notifications (alipay-sdk, RSA2)', () => {
  it('accept a genuine one once, answer a replay success, refuse forgeries and wrong amounts with fail', async () => {
    const o = await freshOrder(1234);
    expect(await alipayNotify(alipayForm(alipayPaid(o), alipayForger.privateKey))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await alipayNotify(alipayForm(alipayPaid(o, { total_amount: '12.35' })))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await alipayNotify(alipayForm(alipayPaid(o, { total_amount: '12.3' })))).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await alipayNotify(alipayForm(alipayPaid(o, { app_id: '2021999999999999' })))).toEqual({
      status: 200,
      body: 'fail',
    });
    const tampered = alipayForm(alipayPaid(o)).replace('total_amount=12.34', 'total_amount=0.01');
    expect((await alipayNotify(tampered)).body).toBe('fail');
    expect(await alipayNotify('not a form at all')).toEqual({ status: 200, body: 'fail' });
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');

    const waiting = alipayForm(alipayPaid(o, { trade_status: 'WAIT_BUYER_PAY' }));
    expect((await alipayNotify(waiting)).body).toBe('success');
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');

    const genuine = alipayForm(alipayPaid(o));
    expect(await alipayNotify(genuine)).toEqual({ status: 200, body: 'success' });
    expect(await alipayNotify(genuine)).toEqual({ status: 200, body: 'success' });
    expect(await orderRow(t.ctx.db, o.id)).toMatchObject({ status: 'paid', channel: 'alipay' });
    expect(await shelfEntries(t.ctx.db, buyer.id, o.bookId)).toEqual([{ source: 'purchase', source_ref: o.id }]);
  });

  it('a provider that cannot be reached: the member is told, the order is unchanged', async () => {
    const o = await freshOrder(800);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/pay/alipay/order',
        token: buyer.token,
        payload: { orderId: o.id },
      }),
      OrderMsg.CHANNEL_FAILED,
      502,
    );
    expect((await orderRow(t.ctx.db, o.id)).channel).toBeNull();
  });
});

// ---- WeChat Pay v3: JSON event, Wechatpay-* headers, resource in AES-256-GCM ----

function encrypt(plain: string, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString('hex');
  const aad = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ct.toString('base64'),
    nonce,
    associated_data: aad,
    original_type: 'transaction',
  };
}

function wechatEvent(o: OrderView, over: { total?: number; currency?: string; key?: string } = {}) {
  const tx = {
    mchid: MCH_ID,
    appid: 'wx0000000000000001',
    out_trade_no: o.orderNo,
    transaction_id: `42000${o.id}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2026-11-23T20:00:00+08:00',
    amount: { total: over.total ?? Math.round(o.amount * 100), payer_total: 1, currency: over.currency ?? 'CNY' },
  };
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-11-23T20:00:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encrypt(JSON.stringify(tx), over.key),
  });
}

function wechatHeaders(body: string, opts: { key?: string; serial?: string; at?: number } = {}) {
  const timestamp = String(Math.floor((opts.at ?? Date.now()) / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(opts.key ?? wechatPlatform.privateKey, 'base64');
  return {
    'content-type': 'application/json',
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': opts.serial ?? PLATFORM_SERIAL,
  };
}

async function wechatNotify(body: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers, payload: body });
  return { status: res.statusCode, code: res.json<{ code: string }>().code };
}

describe('WeChat Pay v3 notifications (platform certificate, AES-256-GCM)', () => {
  it('accept a genuine one once; refuse forged, re-keyed, stale, other-serial and wrong-amount ones', async () => {
    const o = await freshOrder(2599);
    const good = wechatEvent(o);
    const refused = { status: 400, code: 'FAIL' };
    expect(await wechatNotify(good, wechatHeaders(good, { key: wechatForger.privateKey }))).toEqual(refused);
    expect(await wechatNotify(good, wechatHeaders(good, { serial: 'OTHER' }))).toEqual(refused);
    expect(await wechatNotify(good, wechatHeaders(good, { at: Date.now() - 3_600_000 }))).toEqual(refused);
    expect(await wechatNotify(good.replace('"summary":"支付成功"', '"summary":"x"'), wechatHeaders(good))).toEqual(
      refused,
    );
    const rekeyed = wechatEvent(o, { key: randomBytes(16).toString('hex') });
    expect(await wechatNotify(rekeyed, wechatHeaders(rekeyed))).toEqual(refused);
    const cheap = wechatEvent(o, { total: 1 });
    expect(await wechatNotify(cheap, wechatHeaders(cheap))).toEqual(refused);
    const foreign = wechatEvent(o, { currency: 'USD' });
    expect(await wechatNotify(foreign, wechatHeaders(foreign))).toEqual(refused);
    expect(await wechatNotify('{}', { 'content-type': 'application/json' })).toEqual(refused);
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');

    const headers = wechatHeaders(good);
    expect(await wechatNotify(good, headers)).toEqual({ status: 200, code: 'SUCCESS' });
    expect(await wechatNotify(good, headers)).toEqual({ status: 200, code: 'SUCCESS' });
    expect(await orderRow(t.ctx.db, o.id)).toMatchObject({
      status: 'paid',
      channel: 'wechat',
      trade_no: `42000${o.id}`,
    });
    expect(await shelfEntries(t.ctx.db, buyer.id, o.bookId)).toHaveLength(1);
  });
});
