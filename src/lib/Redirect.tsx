import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Sends the visitor to `to` (replacing the history entry) once the page runs in the browser. A
 * block that finds nothing to show (a checkout without a plan, a payment result without a status)
 * renders it: it renders nothing on the server, and the browser redirects after hydration (the
 * navigation is an effect, as <Navigate>'s is).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
