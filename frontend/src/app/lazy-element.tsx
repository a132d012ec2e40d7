import { withAllRecipes } from '../components/ui/with-all-recipes';
import { type Loader, lazyScreen } from './storefront-routes';

/** A screen loaded on demand, with every slot recipe of the design system (with-all-recipes.ts). */
export function lazyElement(load: Loader, fallbackMinH = '40vh') {
  return lazyScreen(withAllRecipes(load), fallbackMinH);
}

/** A layout route whose own module is lazy (its screens add their own Suspense inside). */
export const layout = (load: Loader) => lazyElement(load, '100vh');
