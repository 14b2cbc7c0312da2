import { anyone } from './helpers.js';

/** The public site shell: anyone may read it, and anyone may record a page visit (written down as anonymous). */
export const sitePolicies = {
  'site.read': anyone,
  'site.recordPage': anyone,
};
