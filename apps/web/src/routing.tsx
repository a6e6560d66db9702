import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  isValidElement,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
import {
  type Location,
  matchRoutes,
  type NavigationType,
  type Navigator,
  Outlet,
  parsePath,
  type RouteObject,
  Router,
  useLocation,
} from 'react-router';
import { isChunkLoadError } from './components/chunkError';
import { PageLoader } from './components/PageLoader';
import { RouteErrorPage } from './components/RouteErrorPage';
import { type AreaNamespace, loadAreaNamespaces } from './i18n';

/*
 * React Router's declarative mode with what the app used from the data router, for ~20 kB gzip less
 * on every first load (the data router's loaders, actions, fetchers and revalidation are not used):
 * - lazy pages: `lazyPage()` loads a page's chunk and its area's translations together,
 *   under one Suspense boundary that stays mounted (`PageFrame`), so a navigation keeps the current
 *   page on screen while the next one loads;
 * - the navigation progress: `useNavigationPending()` is true while such a navigation waits, because
 *   `HistoryRouter` applies each location change in a React transition;
 * - the error element of a route: `RouteErrorBoundary`, reset by the next navigation.
 */

/** The part of a `history` object the router needs (react-router's browser and memory histories). */
export interface History extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  listen(
    listener: (update: { action: NavigationType; location: Location; delta?: number | null }) => void,
  ): () => void;
}

/**
 * Asked before a navigation leaves the page; false stays. Pages add theirs with `useLeaveGuard`
 * (hooks/useLeaveGuard.ts, kept out of the first-load bundle); `HistoryRouter` asks them.
 */
export const leaveGuards = new Set<() => boolean>();

/** Whether every guard lets the user leave (each asks in its own words, e.g. window.confirm). */
const mayLeave = () => [...leaveGuards].every((allowLeave) => allowLeave());

const NavigationPendingContext = createContext(false);

/** Whether a navigation is waiting for the next page's code or translations. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

/** A `<Router>` over a history that applies each location change in a transition it can report. */
export function HistoryRouter({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  // The path on screen: while the next page loads, the history is already elsewhere.
  const shownPath = useRef(state.location.pathname);
  useLayoutEffect(() => {
    shownPath.current = state.location.pathname;
  }, [state.location.pathname]);
  // In-app navigations to another path ask the leave guards before the history moves; a change of the
  // query or hash on the same page (a list's filters) never asks.
  const navigator = useMemo((): Navigator => {
    const guarded =
      (move: Navigator['push'], replacing: boolean): Navigator['push'] =>
      (to, ...rest) => {
        const path = typeof to === 'string' ? parsePath(to).pathname : to.pathname;
        // The page being left replacing its own URL (a search debounced until after the click that
        // leaves it) would take the visitor back: that page is going, so its query is moot.
        if (replacing && path === shownPath.current && history.location.pathname !== shownPath.current)
          return;
        if (!path || path === history.location.pathname || mayLeave()) move(to, ...rest);
      };
    return { ...history, push: guarded(history.push, false), replace: guarded(history.replace, true) };
  }, [history]);
  useLayoutEffect(() => {
    let restoring = false;
    return history.listen((update) => {
      if (restoring) {
        // The step back to the guarded page's entry: its location is the one on screen.
        restoring = false;
        return;
      }
      if (update.action === 'POP' && update.delta && !mayLeave()) {
        restoring = true;
        history.go(-update.delta);
        return;
      }
      startTransition(() => setState(update));
    });
  }, [history]);
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

interface BoundaryProps {
  /** A new key leaves the crash behind (the next navigation). */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string | undefined;
}

/** Shows RouteErrorPage for a crash below it, and reports the crash to the server unless a chunk failed to load. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // The next navigation leaves the crashed page behind, as the data router did.
    if (props.resetKey !== state.resetKey) return { error: null, failed: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The reporter is a chunk of its own, loaded only now: nothing of it weighs on a first load.
    if (!isChunkLoadError(error)) {
      void import('./components/reportCrash').then(
        (m) => m.reportCrash(error, info.componentStack),
        () => {},
      );
    }
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** A route's error element: a crash (or a chunk that failed to load) below it shows RouteErrorPage. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.key}>{children}</ErrorBoundary>;
}

/**
 * The frame of the pages inside the layout: a crashing page keeps the navigation around it, and a page
 * that is still loading shows PageLoader on a first visit (later navigations keep the current page).
 */
export function PageFrame() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Mantine's styles beyond the first page's (styles/base.css); cached after the first call. */
export const loadMoreStyles = () => import('./styles/more.css');

export interface LazyPageOptions {
  /**
   * The page uses only the components of styles/base.css (the sign-in page, where most visitors
   * land): it does not wait for styles/more.css.
   */
  baseStylesOnly?: boolean;
}

/** A lazy page's loader, and what it loaded once it has. */
interface LoadablePage {
  load: () => Promise<ComponentType>;
  loaded: () => ComponentType | undefined;
  /** Renders the page while `load` is pending: suspends until it resolves. */
  Lazy: ComponentType;
}

/** The page itself once it is loaded, else its React.lazy (which suspends: PageFrame's boundary, or the navigation). */
function LazyPage({ page }: { page: LoadablePage }) {
  // Chosen once per mount: switching from the lazy component to the loaded one on a later render would
  // be another component type, and React would remount the page and drop its state.
  const [Page] = useState(() => page.loaded() ?? page.Lazy);
  return <Page />;
}

let lazyPages = 0;

/**
 * A lazy page: its chunk, its area's translations and the rest of Mantine's styles load together, so
 * the page never renders with missing keys or unstyled. Returns the element to put in a route.
 *
 * A page already loaded (by `preloadPages`) renders at once. React.lazy alone suspends on its first
 * render even when its module is in (React learns it a microtask later), so the first page of a visit
 * showed PageLoader and the page itself only 300 ms later at the earliest (React's throttle on revealing
 * a boundary's content). The lazy component only ever renders before the page has loaded, so it never
 * stays mounted in the page's place.
 */
export function lazyPage(
  namespaces: readonly AreaNamespace[],
  load: () => Promise<{ default: ComponentType }>,
  { baseStylesOnly = false }: LazyPageOptions = {},
): ReactNode {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const loadPage = () => {
    loading ??= (async () => {
      // The styles first: their <link> then precedes the page's own CSS, which may override Mantine's.
      const styles = baseStylesOnly ? undefined : loadMoreStyles();
      const [module] = await Promise.all([load(), loadAreaNamespaces(namespaces), styles]);
      loaded = module.default;
      return module.default;
    })();
    return loading;
  };
  const page: LoadablePage = {
    load: loadPage,
    loaded: () => loaded,
    Lazy: lazy(async () => ({ default: await loadPage() })),
  };
  // Its own key: two routes showing one component (a new and an edit form) stay apart, as two
  // React.lazy components were.
  lazyPages += 1;
  return <LazyPage key={`lazy-page-${lazyPages}`} page={page} />;
}

/**
 * Loads the lazy pages the routes show at `pathname` (main.tsx calls it before the first render, so that
 * render holds the page instead of PageLoader). Resolves when they have loaded or failed: a failure is
 * shown by the page's error boundary when it renders.
 */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const pages: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const element = route.element;
    if (isValidElement<{ page: LoadablePage }>(element) && element.type === LazyPage)
      pages.push(element.props.page.load());
  }
  await Promise.allSettled(pages);
}
