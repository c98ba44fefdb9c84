import { NEW_TAB, WHATSAPP_GREETING, nav } from '@/lib/i18n/ar/site-nav';
import { mobileNavIn } from './MobileNav';

/** The phone menu in Arabic, its links and words in this island's code rather than in the page. */
export default mobileNavIn('ar', nav, NEW_TAB, WHATSAPP_GREETING);
