import pinToolbar from './pin-toolbar.module.css';
import pointFieldset from './point-fieldset.module.css';
import quoteForm from './quote-form.module.css';
import quoteResult from './quote-result.module.css';
import recentQuotes from './recent-quotes.module.css';
import savedPlaces from './saved-places.module.css';
import screen from './screen.module.css';

/**
 * The screen's classes, from the stylesheets of its parts: the layout, header, map area and panel
 * (screen), the pin toolbar, the result card, a stop's fields and its search, the customer's
 * field and the Cotizar label, the recent quotes and the saved places. One map, so that the
 * stylesheets of everything the first paint shows load with the screen, in this order; no class
 * name is declared in two of them. The views loaded only when opened (the recent quotes' list,
 * the saved places' editor) bring their own stylesheet.
 */
const styles: Readonly<Record<string, string>> = {
  ...screen,
  ...pinToolbar,
  ...quoteResult,
  ...pointFieldset,
  ...quoteForm,
  ...recentQuotes,
  ...savedPlaces,
};

export default styles;
