/** The reviews pages' script after their list: bundled into an inline script (components/reviews/review-ages-script.tsx). */
import { paintReviewAges } from './review-ages';

paintReviewAges(document);
