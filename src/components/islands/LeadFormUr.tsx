import { form } from '@/lib/i18n/ur/form';
import { leadFormIn } from './LeadForm';

/** The enquiry form in Urdu, its words in this island's code rather than in the page. */
export default leadFormIn(form, 'ur');
