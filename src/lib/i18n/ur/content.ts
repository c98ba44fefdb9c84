import type { ContentWords } from '../en/content.ts';
import { formatNumberIn } from '../numbers.ts';

export const content: ContentWords = {
  packageLine: (nights: number, stars: string) =>
    `${formatNumberIn(nights, 'ur')} راتیں · ${stars} ستارہ · {price} سے شروع، {unit}`,
  perPerson: 'فی کس',
  hajjPriceUnit: (label: string, nusukPrices: string, hijri: string) =>
    `فی کس، ${label}؛ ${nusukPrices}، اور ${hijri} کی قیمت نسک حج پر ہی مقرر اور ادا ہوتی ہے`,
  sentence: (text: string) => `${text}۔`,
  nusukHeading: 'حج کی بکنگ اور ادائیگی نسک حج پر ہوتی ہے',
  eligibility: {
    heading: (season: string) => `${season} کے لیے کون جا سکتا ہے`,
    confirmed: (announced: string) => `یہ ${announced} ہجری کے لیے اعلان کردہ قواعد ہیں۔`,
    toConfirm: (announced: string, coming: string) =>
      `یہ سعودی حکام کے ${announced} ہجری کے لیے اعلان کردہ قواعد ہیں؛ ${coming} ہجری کے قواعد کی تصدیق ابھی باقی ہے۔`,
    conditionsLead: 'وزارتِ حج و عمرہ ان عازمین کو قبول نہیں کرتی جنہیں یہ ہو:',
    certificate: (certificate: string) => `ہر حاجی کو درکار ہے: ${certificate}۔`,
    certificateSource: (announced: string) => `${announced} ہجری کے قواعد پر اخباری رپورٹ`,
    mobility:
      'جو والدین خود چلتے ہیں مگر لمبے فاصلے کے لیے وہیل چیئر استعمال کرتے ہیں وہ جا سکتے ہیں؛ جو وہیل چیئر یا مسلسل مدد کے بغیر نہیں رہ سکتے انہیں انکار ہو سکتا ہے، اس لیے رجسٹریشن سے پہلے ہم سے پوچھ لیں۔',
    children: (age: string, announced: string, toConfirm: boolean) =>
      `${announced} ہجری میں ${age} سال سے کم عمر بچوں کو اجازت نہیں ملی${toConfirm ? '، اور آنے والے سیزن کے لیے عمر کی حد کی تصدیق ابھی باقی ہے' : ''}۔`,
    promise: 'کوئی بھی رقم ادا ہونے سے پہلے ہم آپ کے ساتھ مل کر آپ کے خاندان کے ہر فرد کی اہلیت دیکھ لیتے ہیں۔',
    source: 'ماخذ:',
  },
};
