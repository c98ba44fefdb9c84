import { form } from '@/lib/i18n/ar/form';
import { leadFormIn } from './LeadForm';

/** The enquiry form in Arabic, its words in this island's code rather than in the page. */
export default leadFormIn(form, 'ar');
