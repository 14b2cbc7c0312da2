/**
 * Why a file cannot be imported, in plain words: Chinese for the web page, English for the command line.
 * The importer throws these and nothing else on purpose; anything unexpected is a bug, reported as such.
 */
export class ImportRefusal extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
    this.name = 'ImportRefusal';
  }
}

export const refuse = (zh: string, en: string): ImportRefusal => new ImportRefusal(zh, en);
