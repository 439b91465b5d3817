// What the app lends the candidate's offer pages: sourcing's drawing of a
// match (a score and its explanation) and its map, so this feature shows them
// without importing another feature.
import type { ReactNode } from 'react';
import type { BrowsedOffer, FitExplanation } from '../api/offer-types';

/** How the candidate fits an offer: `score` and `breakdown` are null when they do not. */
export type Fit = { score: number | null; breakdown: FitExplanation | null; place: string };

export type FitView = (fit: Fit) => ReactNode;

/** The browse page's map: the offers as points around the chosen place (its circle), one highlighted. */
export type OffersMapProps = {
  offers: readonly BrowsedOffer[];
  circle: { lat: number; lng: number; radiusKm: number; label: string } | null;
  highlightedId: number | null;
  onHover: (offerId: number | null) => void;
  onSelect: (offerId: number) => void;
};

export type OffersMapView = (props: OffersMapProps) => ReactNode;
