import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { ErrorBoundary } from '@/app/error-boundary';
import { RouteLoading } from '@/components/ui/loading';
import { ensureApiInstalled } from '@/store/install-api';
import { useAppStore } from '@/store/hooks';

import { ServerEvents } from './server-events';
import { Sidebar } from './sidebar';
import { SkipToContent } from './skip-to-content';
import { TopBar } from './top-bar';

/**
 * The signed-in layout. The sidebar (w-64) is fixed from 1024 px (lg) up; below it is a
 * drawer that closes after a link click. The content gets more room from 768 px (md) up.
 */
export default function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const store = useAppStore();
  // RTK Query joins the store with the first signed-in screen (it is not in the login route).
  ensureApiInstalled(store);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipToContent targetId="main" />
      <ServerEvents extra={store.extra} />
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-slate-200 lg:block dark:border-slate-800">
        <Sidebar />
      </aside>
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 lg:hidden" />
          <Dialog.Content
            className="fixed inset-y-0 left-0 z-50 w-64 shadow-xl focus:outline-none lg:hidden"
            aria-describedby={undefined}
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
            <Dialog.Close
              aria-label="Close menu"
              className="absolute top-3 right-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar onOpenMenu={() => setDrawerOpen(true)} />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl min-w-0 flex-1 p-4 focus:outline-none md:p-6"
        >
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<RouteLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
