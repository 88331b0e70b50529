import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

/** A navigation held back until the person confirms they want to leave. */
export type HeldNavigation = { leave: () => void; stay: () => void };

/**
 * While `when` is true, leaving the screen asks first. In-app navigations (links, the sidebar,
 * `navigate`) are held and returned as `held` for a confirm dialog; closing or reloading the tab
 * gets the browser's own warning. The route table uses the declarative router, which has no
 * blocker, so the router's navigator is wrapped for as long as the guard is on.
 */
export function useLeaveGuard(when: boolean): HeldNavigation | null {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<HeldNavigation | null>(null);

  useEffect(() => {
    if (!when) return;
    const { push, replace, go } = navigator;
    const hold = (navigate: () => void) =>
      setHeld({
        leave: () => {
          setHeld(null);
          navigate();
        },
        stay: () => setHeld(null),
      });
    Object.assign(navigator, {
      push: (...args: Parameters<typeof push>) => hold(() => push.apply(navigator, args)),
      replace: (...args: Parameters<typeof replace>) => hold(() => replace.apply(navigator, args)),
      go: (...args: Parameters<typeof go>) => hold(() => go.apply(navigator, args)),
    });
    const warnBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      Object.assign(navigator, { push, replace, go });
      window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [when, navigator]);

  return when ? held : null;
}
