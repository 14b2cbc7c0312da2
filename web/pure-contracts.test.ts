import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureContracts } from './pure-contracts';

/** The code a production build makes of `source`, an entry module importing from the contracts package. */
async function bundle(source: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: import.meta.dirname,
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? id : null),
        load: (id) => (id === 'entry' ? source : null),
      },
      pureContracts(),
    ],
    build: { write: false, minify: false, rolldownOptions: { input: 'entry' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .map((file) => (file.type === 'chunk' ? file.code : ''))
    .join('\n');
}

describe('pure-contracts (web build)', () => {
  it('a page taking messages and constants from a module of schemas gets neither the schemas nor zod', async () => {
    const code = await bundle(
      "import { Msg, AuthMsg, ReportMsg, PERSONAL_AREAS } from '@textbook/contracts';" +
        'console.log(Msg.INCOMPLETE, AuthMsg.LOGIN_FAILED, ReportMsg.NONE, PERSONAL_AREAS);',
    );
    expect(code).toContain('手机号或密码错误');
    expect(code).not.toMatch(/zod/i);
    expect(code).not.toContain('safeParse');
  });

  it('a page using a schema keeps it, and zod with it', async () => {
    const code = await bundle(
      "import { questionSave } from '@textbook/contracts'; console.log(questionSave.safeParse({}).success);",
    );
    expect(code).toContain('safeParse');
    expect(code).toContain('ZodError');
  });
});
