import { NEW_TAB, WHATSAPP_GREETING, nav } from '@/lib/i18n/ur/site-nav';
import { mobileNavIn } from './MobileNav';

/** The phone menu in Urdu, its links and words in this island's code rather than in the page. */
export default mobileNavIn('ur', nav, NEW_TAB, WHATSAPP_GREETING);
