import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * Popper-based widgets (tooltip, select, dropdown menu, hover card, popover) and their Radix stack
 * (floating-ui, dismissable layer, focus scope…) are not on the first route (issue 11, decision
 * 0076). Until a widget's module is there, its trigger renders as the plain element it wraps, with
 * the same look and ARIA; hovering or focusing it starts the download, and an opening gesture made
 * before the download ends (pointer down, click, Enter/Space/arrows) opens the widget once it is in.
 */

interface LazyModule<T> {
  get: () => T | null;
  load: () => Promise<T>;
  subscribe: (listener: () => void) => () => void;
}

const allModules: LazyModule<unknown>[] = [];

function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const mod: LazyModule<T> = {
    get: () => value,
    load: () => {
      pending ??= load().then((loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      });
      return pending;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  allModules.push(mod as LazyModule<unknown>);
  return mod;
}

/** Loads every lazy widget now: the component tests start with them in, as the app is once used. */
export function preloadLazyPopups(): Promise<unknown> {
  return Promise.all(allModules.map((m) => m.load()));
}

/** What happened on the plain trigger before the widget arrived, handed to the real one. */
export interface PopupStart {
  /** An opening gesture was made: the widget mounts open (Radix moves focus into it). */
  defaultOpen?: boolean;
}

/** Which gestures open the widget, as its Radix trigger would. */
export interface OpenGestures {
  /** Mouse pointer down with the main button (menus, select). */
  pointerDown?: boolean;
  /** Click, of any pointer or of the keyboard (popover; select and menus on touch). */
  click?: boolean;
  /** Keys that open it from the focused trigger (their default is prevented, as Radix does). */
  keys?: readonly string[];
  /** ARIA the Radix trigger would add while closed (`aria-haspopup`, `aria-expanded`…). */
  plainProps?: Record<string, unknown>;
}

type WithChild = { children: ReactElement };
type Handler = (event: never) => void;

function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

function dispatchPointer(el: Element, type: string) {
  // jsdom has no PointerEvent; Radix only reads pointerType, to leave touch out.
  const Ctor = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  el.dispatchEvent(new Ctor(type, { bubbles: true, pointerType: 'mouse' } as PointerEventInit));
}

/**
 * A component whose trigger (its only child, a focusable element that takes event props, as Radix's
 * `asChild` requires) shows at once and whose widget, `load`'s component, replaces it when loaded.
 * The swap remounts the trigger, so focus and hover are carried over: a focused trigger is focused
 * again, a hovered one gets the pointer events Radix opens on (a tooltip still waits its delay).
 */
export function lazyPopup<P extends WithChild>(
  load: () => Promise<ComponentType<P & PopupStart>>,
  opens: OpenGestures,
) {
  const mod = lazyModule(load);
  return function LazyPopup(props: P) {
    const arrived = useSyncExternalStore(mod.subscribe, mod.get, mod.get);
    const start = useRef({ open: false, focused: false, hovered: false });
    // A press under way keeps the plain trigger until it ends: swapping between pointer down and up
    // remounts the element, and a click (down and up on one element) never happens (decision 0515:
    // hovering loads the module, so a quick click often met its arrival).
    const [pressing, setPressing] = useState(false);
    const Loaded = pressing ? null : arrived;
    const wasPlain = useRef(!Loaded);
    const el = useRef<HTMLElement | null>(null);
    const child = props.children;
    const own = child.props as Record<string, unknown> & { ref?: Ref<HTMLElement> };
    const ref = composeRefs(own.ref, el);

    useEffect(() => {
      if (!Loaded || !wasPlain.current) return;
      wasPlain.current = false;
      const node = el.current;
      if (!node || start.current.open) return;
      if (start.current.focused) node.focus();
      if (start.current.hovered) {
        dispatchPointer(node, 'pointerover');
        dispatchPointer(node, 'pointermove');
      }
    }, [Loaded]);

    if (Loaded) {
      return (
        <Loaded {...props} defaultOpen={start.current.open || undefined}>
          {cloneElement(child as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref })}
        </Loaded>
      );
    }

    const chain = (name: string, fn: (event: never) => void) => (event: never) => {
      (own[name] as Handler | undefined)?.(event);
      fn(event);
    };
    const open = () => {
      start.current.open = true;
      void mod.load();
    };
    return cloneElement(child, {
      ref,
      'data-state': 'closed',
      ...opens.plainProps,
      onPointerEnter: chain('onPointerEnter', (e: PointerEvent) => {
        if (e.pointerType === 'touch') return;
        start.current.hovered = true;
        void mod.load();
      }),
      onPointerLeave: chain('onPointerLeave', () => {
        start.current.hovered = false;
      }),
      onFocus: chain('onFocus', () => {
        start.current.focused = true;
        void mod.load();
      }),
      onBlur: chain('onBlur', () => {
        start.current.focused = false;
      }),
      onPointerDown: chain('onPointerDown', (e: PointerEvent) => {
        holdUntilReleased(setPressing);
        if (opens.pointerDown && e.button === 0 && !e.ctrlKey && e.pointerType === 'mouse') {
          e.preventDefault();
          open();
        }
      }),
      onClick: chain('onClick', () => {
        if (opens.click) open();
      }),
      onKeyDown: chain('onKeyDown', (e: KeyboardEvent) => {
        if (opens.keys?.includes(e.key)) {
          e.preventDefault();
          open();
        }
      }),
    } as Record<string, unknown>);
  };
}

/**
 * Marks a press as under way until the pointer is released anywhere (or the press is cancelled),
 * and a task later, so that the click the release makes is dispatched to the element it started on.
 */
function holdUntilReleased(setPressing: (pressing: boolean) => void) {
  setPressing(true);
  const release = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    setTimeout(() => setPressing(false), 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
