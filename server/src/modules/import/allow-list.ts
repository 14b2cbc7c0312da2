/** What survives sanitizing: HTML for text, SVG and MathML for figures and formulae. Nothing that runs. */
const html =
  'a abbr address article aside audio b bdi bdo big blockquote br caption center cite code col colgroup dd del details dfn div dl dt em figcaption figure font footer h1 h2 h3 h4 h5 h6 header hgroup hr i img ins kbd li main mark nav ol p pre q rb rp rt rtc ruby s samp section small source span strike strong sub summary sup table tbody td tfoot th thead time tr track tt u ul var video wbr';
const svg =
  'svg g defs symbol use image path rect circle ellipse line polyline polygon text tspan textPath title desc linearGradient radialGradient stop clipPath mask pattern marker switch foreignObject filter feGaussianBlur feOffset feBlend feColorMatrix feFlood feComposite feMerge feMergeNode';
const mathml =
  'math semantics annotation annotation-xml mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover mfrac msqrt mroot mtable mtr mtd mlabeledtr mstyle merror mpadded mphantom mfenced menclose mmultiscripts mprescripts none maligngroup malignmark';

export const ALLOWED_TAGS = [html, svg, mathml].join(' ').split(' ');

const common =
  'id class lang xml:lang dir title style epub:type role aria-* hidden colspan rowspan headers scope span width height align valign alt src href start reversed type value datetime open controls loop muted poster xmlns xmlns:* xml:space border cellpadding cellspacing summary abbr target rel';
const svgAttrs =
  'viewBox preserveAspectRatio x y x1 x2 y1 y2 cx cy r rx ry d points transform fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-miterlimit stroke-opacity opacity font-family font-size font-weight font-style font-variant text-anchor text-decoration dominant-baseline alignment-baseline baseline-shift gradientUnits gradientTransform spreadMethod fx fy offset stop-color stop-opacity clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits marker-start marker-mid marker-end markerWidth markerHeight markerUnits refX refY orient patternUnits patternContentUnits patternTransform xlink:href xlink:title dx dy rotate textLength lengthAdjust startOffset method spacing visibility display version baseProfile filter filterUnits primitiveUnits stdDeviation in in2 result mode values operator k1 k2 k3 k4 flood-color flood-opacity letter-spacing word-spacing writing-mode vector-effect color overflow requiredExtensions systemLanguage';
const mathAttrs =
  'display mathvariant mathsize mathcolor mathbackground displaystyle scriptlevel fence separator stretchy symmetric largeop movablelimits accent accentunder form lspace rspace minsize maxsize linethickness numalign denomalign bevelled columnalign rowalign columnspacing rowspacing columnlines rowlines columnspan rowspan frame framespacing equalrows equalcolumns notation open close separators encoding depth voffset altimg alttext';

export const ALLOWED_ATTRIBUTES = [common, svgAttrs, mathAttrs].join(' ').split(' ');

/** Removed with everything inside: they run code, load the outside world, or post forms. */
export const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'template',
  'portal',
  'epub:case',
  'epub:trigger',
]);

/** Replaced by their children: containers whose content is harmless and worth keeping. */
export const UNWRAPPED_ELEMENTS = new Set([
  'form',
  'noscript',
  'canvas',
  'epub:switch',
  'epub:default',
  'label',
  'fieldset',
]);
