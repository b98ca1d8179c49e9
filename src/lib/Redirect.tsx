import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Sends the visitor to `to` (replacing the history entry) once the page runs in the browser. A
 * block that finds nothing to show (a checkout without a plan, a payment result without a status)
 * renders it: React Router's <Navigate> does the same in the browser but, rendered on the server,
 * can do nothing and warns; this renders nothing there, and the browser redirects after hydration.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
