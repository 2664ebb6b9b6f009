import { CustomerLinkGone } from '@/components/customer-link/customer-link-gone';

/** A customer's link that is unknown, revoked or past its TTL: a friendly page, status 404. */
export default function CustomerLinkNotFound() {
  return <CustomerLinkGone />;
}
