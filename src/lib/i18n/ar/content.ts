import type { ContentWords } from '../en/content.ts';
import { formatNumberIn } from '../numbers.ts';

// Arabic counts agree with their number: "٣–١٠ ليالٍ" but "١١ ليلة", "ليلتان"…
const plural = new Intl.PluralRules('ar');
const nightsWord = (nights: number) =>
  ({ zero: 'ليلة', one: 'ليلة', two: 'ليلتان', few: 'ليالٍ', many: 'ليلة', other: 'ليلة' })[plural.select(nights)];

export const content: ContentWords = {
  packageLine: (nights: number, stars: string) =>
    `${formatNumberIn(nights, 'ar')} ${nightsWord(nights)} · ${stars} نجوم · ابتداءً من {price} {unit}`,
  perPerson: 'للشخص',
  hajjPriceUnit: (label: string, nusukPrices: string, hijri: string) =>
    `للشخص، ${label}؛ ${nusukPrices}، وسعر ${hijri} يُحدَّد ويُدفع على نسك حج`,
  sentence: (text: string) => `${text}.`,
  nusukHeading: 'يُحجز الحج ويُدفع ثمنه على نسك حج',
  eligibility: {
    heading: (season: string) => `من يمكنه أداء ${season}`,
    confirmed: (announced: string) => `هذه هي القواعد المعلنة لعام ${announced} هـ.`,
    toConfirm: (announced: string, coming: string) =>
      `هذه هي القواعد التي أعلنتها السلطات السعودية لعام ${announced} هـ؛ ولم تُؤكَّد بعدُ قواعد عام ${coming} هـ.`,
    conditionsLead: 'لا تقبل وزارة الحج والعمرة الحجاج المصابين بما يلي:',
    certificate: (certificate: string) => `يحتاج كل حاج إلى ${certificate}.`,
    certificateSource: (announced: string) => `تقرير صحفي عن قواعد عام ${announced} هـ`,
    mobility:
      'يمكن للوالد الذي يمشي ويستعمل الكرسي المتحرك للمسافات الطويلة أن يحج؛ أما من لا يستغني عن الكرسي المتحرك أو عن المساعدة الدائمة فقد يُرفض، لذلك راجعنا قبل التسجيل.',
    children: (age: string, announced: string, toConfirm: boolean) =>
      `لم يُقبل الأطفال دون ${age} عامًا في حج عام ${announced} هـ${toConfirm ? '، ولم يُؤكَّد بعدُ الحد الأدنى للعمر في الموسم القادم' : ''}.`,
    promise: 'نتحقق معك من أهلية كل فرد من أفراد عائلتك قبل دفع أي مبلغ.',
    source: 'المصدر:',
  },
};
