import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';
import { renderIconDefinitionToSVGElement } from '@ant-design/icons-svg/lib/helpers.js';
import BookOutlined from '@ant-design/icons-svg/lib/asn/BookOutlined.js';
import DownloadOutlined from '@ant-design/icons-svg/lib/asn/DownloadOutlined.js';
import HeartOutlined from '@ant-design/icons-svg/lib/asn/HeartOutlined.js';
import LockOutlined from '@ant-design/icons-svg/lib/asn/LockOutlined.js';
import MenuOutlined from '@ant-design/icons-svg/lib/asn/MenuOutlined.js';
import PlusOutlined from '@ant-design/icons-svg/lib/asn/PlusOutlined.js';
import ReadOutlined from '@ant-design/icons-svg/lib/asn/ReadOutlined.js';
import SearchOutlined from '@ant-design/icons-svg/lib/asn/SearchOutlined.js';
import ShoppingCartOutlined from '@ant-design/icons-svg/lib/asn/ShoppingCartOutlined.js';
import TeamOutlined from '@ant-design/icons-svg/lib/asn/TeamOutlined.js';
import TrophyOutlined from '@ant-design/icons-svg/lib/asn/TrophyOutlined.js';
import { SafeHtml } from './html.js';

const DEFINITIONS = {
  book: BookOutlined,
  download: DownloadOutlined,
  heart: HeartOutlined,
  lock: LockOutlined,
  menu: MenuOutlined,
  plus: PlusOutlined,
  read: ReadOutlined,
  search: SearchOutlined,
  cart: ShoppingCartOutlined,
  team: TeamOutlined,
  trophy: TrophyOutlined,
} satisfies Record<string, IconDefinition | { default: IconDefinition }>;

export type IconName = keyof typeof DEFINITIONS;

const rendered = new Map<IconName, string>();

/** An icon as the web app's icon component draws it (same classes, SVG and size), so nothing moves on start. */
export function icon(name: IconName, label?: string): SafeHtml {
  let svg = rendered.get(name);
  if (!svg) {
    const found = DEFINITIONS[name] as IconDefinition | { default: IconDefinition };
    const definition = 'default' in found ? found.default : found;
    svg = renderIconDefinitionToSVGElement(definition, {
      extraSVGAttrs: { width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true', focusable: 'false' },
    });
    rendered.set(name, svg);
  }
  const aria = label ? ` aria-label="${label}"` : '';
  return new SafeHtml(`<span role="img"${aria} class="anticon anticon-${name}">${svg}</span>`);
}
