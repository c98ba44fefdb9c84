import { NEW_TAB, WHATSAPP_GREETING, nav } from '@/lib/i18n/bn/site-nav';
import { mobileNavIn } from './MobileNav';

/** The phone menu in Bengali, its links and words in this island's code rather than in the page. */
export default mobileNavIn('bn', nav, NEW_TAB, WHATSAPP_GREETING);
