// What React draws, commit by commit, read in the page through a stand-in for React DevTools'
// hook (React tells the hook of every commit, production builds included). Used by the
// cotizar-redraws figure and by bench/trace-tap.mjs.

/**
 * In the page before React (addInitScript; self-contained, as it is sent as text). A fiber that is
 * current now but was not after the previous commit was worked on in this one; it rendered when
 * React flagged it PerformedWork (1), mounted when it has no alternate. A field is a component
 * whose own elements (not those of a component inside it) include an input, textarea or select of
 * the quote form's trip (named `pickup.…`, `dropoffs.…` or `customer`). `window.__commits.start()` starts a list of commits, `stop()` ends it; each commit is
 * `{ at, rendered, fields }`: its performance.now(), the names of the components drawn (with `+`
 * when mounted) and the names of the inputs of the fields among them.
 */
export function watchReactCommits() {
  let current = new WeakSet();
  const commits = [];
  let on = false;
  Object.defineProperty(window, '__commits', {
    value: {
      commits,
      start: () => {
        on = true;
        commits.length = 0;
      },
      stop: () => (on = false),
    },
  });
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST_COMPONENT = 5;
  const FIELD_ELEMENTS = new Set(['input', 'textarea', 'select']);
  const TRIP_FIELD = /^(pickup|dropoffs|customer)\b/;
  const nameOf = (fiber) => {
    const type = fiber.type?.render ?? fiber.type?.type ?? fiber.type;
    const fn = typeof type === 'function' ? type : null;
    const name = fiber.type?.displayName || fn?.displayName || fn?.name || '?';
    const source = fn ? String(fn).replace(/\s+/g, ' ') : '';
    const hints = [...source.matchAll(/(?:"data-testid":"|className:[\w$]+\.|id:")([\w-]+)/g)]
      .slice(0, 3)
      .map((m) => m[1]);
    return `${name}${hints.length ? ` [${hints.join(' ')}]` : ` {${source.slice(0, 60)}}`}`;
  };
  /** The name of the first of the trip's inputs among the component's own elements, if any. */
  const fieldOf = (component) => {
    const stack = component.child ? [component.child] : [];
    while (stack.length) {
      const fiber = stack.pop();
      if (fiber.sibling) stack.push(fiber.sibling);
      if (COMPONENT_TAGS.has(fiber.tag)) continue;
      const name = String(fiber.memoizedProps?.name ?? '');
      if (fiber.tag === HOST_COMPONENT && FIELD_ELEMENTS.has(fiber.type) && TRIP_FIELD.test(name))
        return name;
      if (fiber.child) stack.push(fiber.child);
    }
    return undefined;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(1, renderer);
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      const next = new WeakSet();
      const rendered = [];
      const fields = [];
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        next.add(fiber);
        if (on && COMPONENT_TAGS.has(fiber.tag) && !current.has(fiber)) {
          const mounted = fiber.alternate === null;
          if (mounted || fiber.flags & 1) {
            rendered.push(`${mounted ? '+' : ''}${nameOf(fiber)}`);
            const field = fieldOf(fiber);
            if (field) fields.push(field);
          }
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      current = next;
      if (on) commits.push({ at: Math.round(at), rendered, fields });
    },
  };
}
