/**
 * The page number of one server-paged listing, back to page 1 whenever the listing itself changes
 * (another inventory, group or parent shown by the same mounted component). Used by every paged
 * table and by the drawers' own paged tabs, so none of them asks the new listing for a page it may
 * not have.
 */
import { useState } from 'react';
import { hashKey, type QueryKey } from '@tanstack/react-query';

export function useListingPage(listingKey: QueryKey): readonly [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  // React's "state from a changed prop" pattern: reset during render, no effect and no extra paint.
  const listing = hashKey(listingKey);
  const [pageListing, setPageListing] = useState(listing);
  if (pageListing !== listing) {
    setPageListing(listing);
    setPage(1);
  }
  return [pageListing !== listing ? 1 : page, setPage] as const;
}
