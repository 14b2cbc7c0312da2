import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { AliyunSms, percentEncode, signAliyun } from './aliyun.js';

describe('Aliyun SMS request signing', () => {
  it('matches the documented example signature', () => {
    // The example of Aliyun's SMS API signature documentation.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyun(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('encodes as RFC 3986 wants', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
  });
});

const quiet = () => undefined;
const silent = { info: quiet, error: quiet, warn: quiet, debug: quiet } as unknown as FastifyBaseLogger;

describe('Aliyun SMS adapter against a local server', () => {
  let server: http.Server;
  let endpoint = '';
  const seen: URL[] = [];
  const SECRET = 'local-secret';

  beforeAll(async () => {
    // A stand-in for dysmsapi: it checks the signature with the shared secret, as the real service does.
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      seen.push(url);
      const params: Record<string, string> = {};
      for (const [k, v] of url.searchParams) if (k !== 'Signature') params[k] = v;
      const good = url.searchParams.get('Signature') === signAliyun(params, SECRET);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(good ? { Code: 'OK', RequestId: 'r1' } : { Code: 'SignatureDoesNotMatch' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = (secret: string) =>
    new AliyunSms(
      {
        ...loadConfig({ NODE_ENV: 'test' }).accounts,
        smsProvider: 'aliyun',
        smsAccessKeyId: 'key-id',
        smsAccessKeySecret: secret,
        smsSignName: '高校数字教材平台',
        smsTemplate: 'SMS_0001',
        smsEndpoint: endpoint,
      },
      silent,
    );

  it('sends a signed request the service accepts, with the code as template parameter', async () => {
    await adapter(SECRET).send({ phone: '13800000009', code: '123456', text: 'x' });
    const url = seen.at(-1)!;
    expect(url.searchParams.get('PhoneNumbers')).toBe('13800000009');
    expect(url.searchParams.get('SignName')).toBe('高校数字教材平台');
    expect(JSON.parse(url.searchParams.get('TemplateParam') ?? '{}')).toEqual({ code: '123456' });
    expect(url.searchParams.get('Timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('fails when the service refuses the signature', async () => {
    await expect(adapter('wrong-secret').send({ phone: '13800000009', code: '123456', text: 'x' })).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
  });
});
