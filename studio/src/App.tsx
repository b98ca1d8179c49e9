import { makeStaticStyles } from '@fluentui/react-components';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { fetcher } from './api';
import { Enrol } from './Enrol';
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
      { path: 'desk', element: <Navigate to="/desk/submissions" replace /> },
      { path: 'desk/submissions', element: <SubmissionList /> },
      { path: 'desk/submissions/:id', element: <SubmissionView /> },
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
