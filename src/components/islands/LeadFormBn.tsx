import { form } from '@/lib/i18n/bn/form';
import { leadFormIn } from './LeadForm';

/** The enquiry form in Bengali, its words in this island's code rather than in the page. */
export default leadFormIn(form, 'bn');
