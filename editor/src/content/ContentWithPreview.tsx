import { ContentPreview } from './ContentPreview';
import { ContentTab } from './ContentTab';

/** The Content tab of `npm run edit`: with the page beside the form, in the dev server's preview frame. */
export function ContentWithPreview() {
  return <ContentTab Preview={ContentPreview} />;
}
