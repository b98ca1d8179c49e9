import { makeStaticStyles } from '@fluentui/react-components';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { Account } from './Account';
import { fetcher } from './api';
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
      { path: '*', element: <NotFound /> },
    ],
  },
]);

/** The studio's screens: sign-in and enrolment for anybody, the rest inside the signed-in shell. */
export function App() {
  useGlobalStyles();
  return (
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
