/**
 * How deep a tree of user input may nest before it is refused. Browsers keep far deeper trees, but no real book,
 * note or page nests beyond a few dozen levels, and every recursive walk below this limit is safe on Node's stack.
 */
export const MAX_NESTING = 256;

/** The depth of the deepest node under `root` (the root is 0), found without recursion; stops past `limit`. */
export function nestingDepth<T>(root: T, children: (node: T) => ArrayLike<T> | undefined, limit = MAX_NESTING): number {
  let deepest = 0;
  const stack: [T, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const kids = children(node);
    if (!kids) continue;
    for (let i = 0; i < kids.length; i++) stack.push([kids[i]!, depth + 1]);
  }
  return deepest;
}
