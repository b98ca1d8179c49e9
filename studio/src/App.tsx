import { makeStaticStyles } from '@fluentui/react-components';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { mutate, SWRConfig } from 'swr';
import { Account } from './Account';
import { AccountList } from './AccountList';
import { AccountView } from './AccountView';
import { fetcher, whenSessionEnds } from './api';
import { AuditTrail } from './AuditTrail';
import { EmailList } from './EmailList';
import { Enrol } from './Enrol';
import { OrderSearch } from './OrderSearch';
import { OrderView } from './OrderView';
import { PaymentReviews } from './PaymentReviews';
import { Shell, FirstSection, NotFound } from './Shell';
import { SignIn } from './SignIn';
import { SubmissionList } from './SubmissionList';
import { SubmissionView } from './SubmissionView';

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0, fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif' },
  '*, *::before, *::after': { boxSizing: 'border-box' },
});

const router = createBrowserRouter([
  { path: '/sign-in', element: <SignIn /> },
  { path: '/enrol', element: <Enrol /> },
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <FirstSection /> },
      { path: 'account', element: <Account /> },
      { path: 'desk', element: <Navigate to="/desk/submissions" replace /> },
      { path: 'desk/submissions', element: <SubmissionList /> },
      { path: 'desk/submissions/:id', element: <SubmissionView /> },
      { path: 'desk/orders', element: <OrderSearch /> },
      { path: 'desk/orders/:id', element: <OrderView /> },
      { path: 'desk/payments', element: <PaymentReviews /> },
      { path: 'desk/emails', element: <EmailList /> },
      // The site's editor is a chunk of its own, loaded only here: the other screens never fetch it.
      { path: 'content', lazy: () => import('./content/ContentScreen').then((module) => ({ Component: module.ContentScreen })) },
      { path: 'pages', lazy: () => import('./content/PagesScreen').then((module) => ({ Component: module.PagesScreen })) },
      { path: 'forms', lazy: () => import('./content/FormsScreen').then((module) => ({ Component: module.FormsScreen })) },
      { path: 'content/history', lazy: () => import('./content/HistoryScreen').then((module) => ({ Component: module.HistoryScreen })) },
      {
        path: 'content/history/:number',
        lazy: () => import('./content/HistoryScreen').then((module) => ({ Component: module.ReleaseScreen })),
      },
      { path: 'content/schedule', lazy: () => import('./ScheduleList').then((module) => ({ Component: module.ScheduleList })) },
      { path: 'content/media', lazy: () => import('./media/MediaScreen').then((module) => ({ Component: module.MediaScreen })) },
      { path: 'content/reviews', lazy: () => import('./content/ReviewList').then((module) => ({ Component: module.ReviewList })) },
      { path: 'content/reviews/:id', lazy: () => import('./content/ReviewView').then((module) => ({ Component: module.ReviewView })) },
      { path: 'admin', element: <Navigate to="/admin/accounts" replace /> },
      { path: 'admin/accounts', element: <AccountList /> },
      { path: 'admin/accounts/:id', element: <AccountView /> },
      { path: 'admin/audit', element: <AuditTrail /> },
      { path: 'admin/settings', lazy: () => import('./Settings').then((module) => ({ Component: module.Settings })) },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

// A session that ended (signed out elsewhere, idle, the account disabled) sends any screen to sign-in,
// whatever call found it, with nothing of the old session's answers kept.
whenSessionEnds(() => {
  if (window.location.pathname === '/sign-in') return;
  void mutate(() => true, undefined, { revalidate: false });
  void router.navigate('/sign-in', { replace: true });
});

/** The studio's screens: sign-in and enrolment for anybody, the rest inside the signed-in shell. */
export function App() {
  useGlobalStyles();
  return (
    // A screen that mounts asks the API again (no 2-second dedupe): signing out empties the cache,
    // and a sign-in right after it must not be handed nothing by a request of the session before.
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
