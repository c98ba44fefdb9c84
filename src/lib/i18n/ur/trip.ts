import type { TripWords } from '../en/trip.ts';

type Counts = { adult: number; child: number; infant: number };
type Country = 'turkey' | 'jordan' | 'uae' | 'egypt';

const CATEGORY_NOUNS = {
  adult: (count: number) => `${count} بالغ`,
  child: (count: number) => `${count} ${count === 1 ? 'بچہ' : 'بچے'}`,
  infant: (count: number) => `${count} شیرخوار`,
} as const;
const COUNTRIES: Record<Country, string> = { turkey: 'ترکی', jordan: 'اردن', uae: 'متحدہ عرب امارات', egypt: 'مصر' };
const NEEDS = { required: 'لازمی', recommended: 'تجویز کردہ' } as const;
const dueOrLate = (late: boolean) => (late ? 'تاخیر' : 'باقی');

export const trip: TripWords = {
  languageChoice: 'یہ صفحہ اس زبان میں پڑھیں',
  languageSaved: 'یہ صفحہ اب اردو میں ہے۔',
  skipToContent: 'مواد پر جائیں',
  title: (reference) => `آپ کا سفر ${reference}`,
  error: (title) => `خرابی: ${title}`,
  booking: (reference) => `بکنگ ${reference}`,
  heading: 'آپ کا سفر',
  summary: (name, departs, returns, quoted) => `${name} · روانگی ${departs} · واپسی ${returns} · برائے ${quoted}`,
  privateNote:
    'یہ صفحہ آپ کی بکنگ کا نجی لنک ہے: جس کے پاس بھی یہ ہو وہ اسے دیکھ سکتا ہے اور مسافر شامل کر سکتا ہے، اس لیے اسے صرف سفر کرنے والوں کے ساتھ شیئر کریں۔ یہ بتاتا ہے کہ کیا ہو چکا ہے اور کیا باقی ہے، اور آپ کی دی ہوئی تفصیلات کبھی پوری واپس نہیں دکھاتا۔',
  calendar: 'تاریخیں اپنے کیلنڈر میں شامل کریں (‎.ics)',
  quoteLink: 'آپ کا کوٹیشن',
  printNote: 'کاغذی نقل رکھنے کے لیے یہ صفحہ پرنٹ کریں: یہ ایک یا دو صفحوں میں آ جاتا ہے۔',
  itinerary: 'سفر کا پروگرام',
  inEnglish:
    'سفر کا پروگرام اور کوٹیشن جیسے آپ نے قبول کیے، انگریزی میں: قیمتوں اور شرائط میں انگریزی متن ہی معتبر ہے۔',
  privacy: 'ہم مسافروں کی تفصیلات کیسے استعمال اور حذف کرتے ہیں',
  travellerSaved: 'مسافر محفوظ ہو گیا۔',
  nothingSaved: 'کچھ محفوظ نہیں ہوا',
  back: 'اپنے سفر پر واپس جائیں',
  refusals: {
    notFromPage:
      'یہ فارم آپ کے سفر کے صفحے سے نہیں آیا، اس لیے کچھ محفوظ نہیں ہوا۔ براہ کرم اپنے سفر کا لنک دوبارہ کھولیں اور وہیں فارم بھریں۔',
    tooMany:
      'اس کنکشن سے تھوڑی دیر میں بہت زیادہ تبدیلیاں آئیں، اس لیے کچھ محفوظ نہیں ہوا۔ براہ کرم چند منٹ انتظار کریں یا ہمیں کال کریں۔',
    tooLong: 'یہ فارم بھیجنے کے لیے بہت لمبا ہے۔ براہ کرم اسے مختصر کر کے دوبارہ کوشش کریں۔',
    notTaken: 'ابھی محفوظ نہیں ہو سکا۔ براہ کرم ایک منٹ بعد دوبارہ کوشش کریں یا ہمیں کال کریں۔',
    badLanguage:
      'یہ اس صفحے کی زبانوں میں سے نہیں ہے، اس لیے کچھ نہیں بدلا۔ براہ کرم نیچے دی گئی چار زبانوں میں سے ایک چنیں۔',
  },

  umrahTrip: 'عمرہ کا سفر',
  holidayIn: (country) => `${COUNTRIES[country]} میں چھٹیاں`,
  holidayAndUmrah: (country) => `${COUNTRIES[country]} میں چھٹیاں اور عمرہ`,
  entryTo: (country) => `${COUNTRIES[country]} میں داخلہ`,

  payments: 'ادائیگیاں',
  paidSoFar: (amount) => `اب تک ادا شدہ: ${amount}۔`,
  stillToPay: (amount) => ` ابھی ادا کرنا ہے: ${amount}۔`,
  paymentsCaption: 'ہر ادائیگی اور اس کی صورت حال',
  paymentColumn: 'ادائیگی',
  amountColumn: 'رقم',
  standsColumn: 'صورت حال',
  paySafely: 'محفوظ طریقے سے ادائیگی کیسے کریں',
  paymentLabel: (index, count) =>
    count === 1 ? 'پوری ادائیگی' : index === 0 ? 'بیعانہ' : index === count - 1 ? 'بقایا رقم' : `ادائیگی ${index + 1}`,
  paid: 'ادا شدہ',
  partPaid: (amount) => `${amount} ادا شدہ، `,
  overdueSince: (amount, day) => `${amount} واجب الادا، ${day} سے تاخیر`,
  dueBy: (amount, day) => `${amount} کی ادائیگی ${day} تک`,

  travellersHeading: 'مسافر اور جو کام ابھی باقی ہیں',
  bookingFor: (quoted, saudi, arrives) =>
    `بکنگ ${quoted} کے لیے ہے۔ ${saudi ? 'سعودی عرب ' : ''}آمد: ${arrives}؛ نیچے ہر قاعدہ اسی دن سے گنا جاتا ہے۔`,
  noTravellers: 'ابھی کوئی مسافر نہیں: ہر مسافر کو نیچے شامل کریں۔',
  standing: (words) => `صورت حال: ${words}`,
  standings: { ready: 'تیار', waiting: 'ویزے کا انتظار', due: 'کام باقی ہیں', blocked: 'رکاوٹ' },
  categories: { adult: 'بالغ', child: 'بچہ', infant: 'شیرخوار' },
  count: (count, category) => CATEGORY_NOUNS[category](count),
  counts: (counts: Counts) =>
    (['adult', 'child', 'infant'] as const)
      .filter((category) => category === 'adult' || counts[category] > 0)
      .map((category) => CATEGORY_NOUNS[category](counts[category]))
      .join('، '),
  listSeparator: '، ',
  stillToAdd: (quoted, missing) => `کوٹیشن ${quoted} کے لیے ہے: ${missing} ابھی شامل کرنا باقی ہیں۔`,
  tooMany: (quoted, entered) =>
    `قبول شدہ کوٹیشن ${quoted} کے لیے ہے: اس سے تعداد ${entered} ہو جائے گی۔ زمرہ بدلیں، یا پہلے نیا کوٹیشن منگوائیں۔`,
  gone: 'یہ مسافر اب بکنگ میں نہیں ہے: صفحہ دوبارہ لوڈ کریں۔',
  addDetailsFor: (name) => `${name} کی تفصیلات شامل کریں یا درست کریں`,
  addTraveller: 'مسافر شامل کریں',
  addOnly: 'صرف وہی جو فہرست کو چاہیے: نہ پاسپورٹ نمبر، نہ تاریخ پیدائش، نہ اسکین۔',

  passport: 'پاسپورٹ',
  visaKinds: { umrah: 'عمرہ ویزا', tourist: 'سیاحتی ای ویزا', other: 'ویزا (اقامہ یا خلیجی ویزا)' },
  vaccine: 'گردن توڑ بخار (ACWY) کی ویکسین',
  nusuk: 'نُسُک پرمٹ',
  entry: 'داخلہ',
  nothingBeforeFlying: 'پرواز سے پہلے کچھ کرنا نہیں ہے۔',
  nothingBeforeFlyingBecause: () => 'پرواز سے پہلے کچھ کرنا نہیں ہے۔',
  passportBlocked: (expires, by) =>
    `رکاوٹ: یہ ${expires} کو ختم ہو رہا ہے، جبکہ اسے ${by} تک کارآمد ہونا چاہیے۔ نیا پاسپورٹ درکار ہے۔`,
  passportDone: (by) => `مکمل: کم از کم ${by} تک کارآمد۔`,
  passportDue: (late, by) => `${dueOrLate(late)}: پاسپورٹ کی میعاد ختم ہونے کی تاریخ ${by} تک درکار ہے۔`,
  passportBlockedMonth: (month, by) =>
    `رکاوٹ: یہ ${month} میں ختم ہو رہا ہے، جبکہ اسے ${by} تک کارآمد ہونا چاہیے۔ نیا پاسپورٹ درکار ہے۔`,
  passportDoneMonth: (month) => `مکمل: ${month} میں ختم ہوگا، سفر کے لیے کارآمد ہے۔`,
  between: (from, to) => `${from} اور ${to}`,
  visaValidUntil: (day) => `مکمل: ${day} تک کارآمد۔`,
  visaIssuedValid: (on, by) => `مکمل: ${on} کو جاری ہوا، ${by} تک کارآمد۔`,
  visaIssued: (on) => `مکمل: ${on} کو جاری ہوا۔`,
  visaApplied: (on) => `انتظار: ${on} کو درخواست دی گئی۔`,
  visaLapses: (by) => `رکاوٹ: بہت جلد جاری ہوا، آمد سے پہلے ${by} کو منسوخ ہو جائے گا۔ نیا ویزا درکار ہے۔`,
  visaNoDay: (window) => `رکاوٹ: کوئی دن موزوں نہیں (درخواست ${window} کے درمیان)۔`,
  visaDue: (late, window) => `${dueOrLate(late)}: درخواست ${window} کے درمیان دیں۔`,
  visaAfterLastEntry: (by) =>
    `رکاوٹ: اس آمد کے لیے عمرہ ویزا استعمال نہیں ہو سکتا، کیونکہ حج سے پہلے اس پر آخری داخلہ تقریباً ${by} تک ہے۔ اس کے بجائے سیاحتی ای ویزا لیں، یا تاریخیں بدلیں۔`,
  visaClosure: (by) =>
    `رکاوٹ: قیام تقریباً ${by} کے بعد تک جاتا ہے، جس کے بعد حج سے پہلے مکہ حج ویزا کے سوا سب کے لیے بند ہو جاتا ہے۔ اس سے پہلے واپس آئیں، یا تاریخیں بدلیں۔`,
  visaTooLong: (by, days) =>
    `رکاوٹ: قیام ${by} کے بعد تک جاتا ہے، جو سیاحتی ای ویزا کی اجازت کردہ ${days} دن سے زیادہ ہے۔ قیام کم کریں، یا ہم سے عمرہ ویزا کے بارے میں پوچھیں۔`,
  visaExpiresTourist: (by) => `رکاوٹ: یہ واپسی سے پہلے ${by} کو ختم ہو جاتا ہے۔ نیا سیاحتی ای ویزا درکار ہے۔`,
  visaExpiresOther: (by) =>
    `رکاوٹ: یہ واپسی سے پہلے ${by} کو ختم ہو جاتا ہے۔ اس کی تجدید کرائیں، یا سیاحتی ای ویزا کی درخواست دیں۔`,
  familyVisaValid: 'مکمل: سفر کے لیے کارآمد۔',
  familyVisaIssued: 'مکمل: جاری ہو گیا۔',
  familyVisaApplied: 'انتظار: درخواست دی جا چکی ہے۔',
  familyVisaLapses: 'رکاوٹ: بہت جلد جاری ہوا، آمد سے پہلے منسوخ ہو جائے گا۔ نیا ویزا درکار ہے۔',
  familyVisaExpiresTourist: 'رکاوٹ: یہ واپسی سے پہلے ختم ہو جاتا ہے۔ نیا سیاحتی ای ویزا درکار ہے۔',
  familyVisaExpiresOther:
    'رکاوٹ: یہ واپسی سے پہلے ختم ہو جاتا ہے۔ اس کی تجدید کرائیں، یا سیاحتی ای ویزا کی درخواست دیں۔',
  needs: NEEDS,
  vaccineNotNeeded: 'اس مسافر کے لیے ضروری نہیں۔',
  vaccineDone: (need) => `مکمل (${NEEDS[need]})۔`,
  vaccineDue: (late, need, by) => `${dueOrLate(late)} (${NEEDS[need]}): ${by} تک لگوا لیں۔`,
  familyVaccineDone: (need) => `مکمل: درج ہے (${NEEDS[need]})۔`,
  familyVaccineWontCount: (rest) => `درج ہے، لیکن آمد پر شمار نہیں ہوگی۔ ${rest}`,
  nusukNotNeeded: 'اس سفر کے لیے ضروری نہیں۔',
  nusukDone: (day) => `مکمل: ${day} کے لیے بک ہے۔`,
  nusukDue: (late, by) => `${dueOrLate(late)}: ${by} کو آمد سے پہلے بک کریں۔`,
  familyNusukDone: 'مکمل: بک ہے۔',

  form: {
    add: 'مسافر شامل کریں',
    details: (position) => `مسافر ${position} کی تفصیلات`,
    name: 'نام جیسا پاسپورٹ میں ہے',
    category: 'بالغ، بچہ یا شیرخوار',
    categoryOptions: { adult: 'بالغ', child: 'بچہ', infant: 'شیرخوار (2 سال سے کم)' },
    passportExpiry: 'پاسپورٹ کی میعاد ختم ہونے کی تاریخ',
    given: 'لگ چکی ہے؟',
    certificateType: 'سرٹیفکیٹ پر درج قسم',
    givenOn: 'لگنے کی تاریخ',
    visa: 'ویزا',
    whichVisa: 'کون سا ویزا',
    visaStatus: 'عمرہ ویزا یا ای ویزا: صورت حال',
    visaOn: 'درخواست یا اجرا کی تاریخ',
    visaValidUntil: 'اقامہ یا خلیجی ویزا: کب تک کارآمد',
    nusukFor: 'نُسُک پرمٹ کس دن کے لیے بک ہے',
    nusukEmpty: 'بک ہونے تک خالی چھوڑ دیں۔',
    recorded: (why) => `درج ہے: ویسا ہی رکھنے کے لیے خالی چھوڑ دیں۔ ${why}`,
    leaveAsRecorded: 'جیسا درج ہے',
    notYet: 'ابھی نہیں',
    vaccineTypes: { conjugate: 'کنجوگیٹ', polysaccharide: 'پولی سیکرائیڈ', unnamed: 'سرٹیفکیٹ پر درج نہیں' },
    givenOption: 'لگ چکی ہے',
    visaStatuses: { 'not-applied': 'درخواست نہیں دی', applied: 'درخواست دی', issued: 'جاری ہو گیا' },
    visaKindOptions: {
      umrah: 'عمرہ ویزا جس کی درخواست ہم پیکج کے ساتھ دیتے ہیں',
      tourist: 'میرا اپنا سعودی سیاحتی ای ویزا',
      other: 'اقامہ یا خلیجی ویزا',
    },
    save: 'یہ تفصیلات محفوظ کریں',
    addButton: 'مسافر شامل کریں',
    problems: 'ایک مسئلہ ہے؛ کچھ محفوظ نہیں ہوا۔',
  },
  reasons: {
    name: 'ٹکٹ اور ویزا پاسپورٹ سے حرف بہ حرف ملنے چاہییں۔',
    category: 'کوٹیشن کی قیمت اسی سے طے ہوئی ہے، اور کچھ قواعد عمر پر منحصر ہیں۔',
    passport: (months) =>
      `سعودی عرب آمد سے ${months} ماہ تک کارآمد پاسپورٹ مانگتا ہے۔ صرف میعاد ختم ہونے کی تاریخ رکھی جاتی ہے، نمبر کبھی نہیں۔`,
    deleted: (days) => `یہ صرف اسی فہرست کے لیے استعمال ہوتی ہے اور آپ کی واپسی کے ${days} دن بعد حذف کر دی جاتی ہے`,
    vaccineRequired: (days, deleted) =>
      `آمد پر سرٹیفکیٹ کم از کم ${days} دن پرانا ہونا چاہیے، اور اس کی قسم سے طے ہوتا ہے کہ وہ کب تک شمار ہوگا، اس لیے اس کی قسم اور تاریخ رکھی جاتی ہے۔ یہ صحت کی معلومات ہے: ${deleted}۔`,
    vaccineRecommended: (deleted) =>
      `عمرہ کے لیے یہ تجویز کردہ ہے، لازمی نہیں، اس لیے ہم صرف یہ رکھتے ہیں کہ لگ چکی ہے یا نہیں: نہ قسم، نہ تاریخ۔ یہ صحت کی معلومات ہے: ${deleted}۔`,
    visa: (useWithinDays, eVisaMonths) =>
      `عمرہ ویزا اجرا کے ${useWithinDays} دن کے اندر استعمال نہ ہو تو منسوخ ہو جاتا ہے، اس لیے اس کی درخواست ایک مقررہ مدت میں دی جاتی ہے؛ سیاحتی ای ویزا ${eVisaMonths} ماہ چلتا ہے؛ اقامہ یا خلیجی ویزا کی صرف میعاد ختم ہونے کی تاریخ رکھی جاتی ہے۔ ویزا نمبر کبھی نہیں۔`,
    nusuk: 'ہر عمرہ کے لیے وقت مقرر والا پرمٹ درکار ہے، جو نُسُک ایپ میں بک ہوتا ہے۔',
  },
  problems: {
    realDate: (what) => `براہ کرم ${what} درست تاریخ کی صورت میں لکھیں۔`,
    notAfterToday: (what) => `${what} آج کے بعد کی نہیں ہو سکتی۔`,
    name: 'براہ کرم نام ویسا ہی لکھیں جیسا پاسپورٹ میں ہے۔',
    nameTooLong: (max) => `براہ کرم نام ${max} حروف کے اندر رکھیں، جیسا پاسپورٹ میں ہے۔`,
    category: 'براہ کرم بالغ، بچہ یا شیرخوار میں سے چنیں۔',
    vaccine: 'براہ کرم درج ویکسین چنیں۔',
    vaccinatedOn: 'براہ کرم ویکسین لگنے کی تاریخ لکھیں۔',
    visaKind: 'براہ کرم ویزے کی قسم چنیں۔',
    visaValidUntil: 'براہ کرم ویزا یا اقامہ ختم ہونے کی تاریخ لکھیں۔',
    visa: 'براہ کرم ویزے کی صورت حال چنیں۔',
    visaOn: (status) =>
      status === 'issued' ? 'براہ کرم ویزا جاری ہونے کی تاریخ لکھیں۔' : 'براہ کرم ویزے کی درخواست کی تاریخ لکھیں۔',
  },
  fields: {
    passportExpiresOn: 'پاسپورٹ کی میعاد ختم ہونے کی تاریخ',
    vaccinatedOn: 'ویکسین کی تاریخ',
    nusukPermitOn: 'نُسُک پرمٹ کی تاریخ',
    visaValidUntil: 'ویزا ختم ہونے کی تاریخ',
    visaApplied: 'ویزے کی درخواست کی تاریخ',
    visaIssued: 'ویزا جاری ہونے کی تاریخ',
  },

  carryHeading: 'ساتھ کیا لے جائیں',
  carry: {
    passport: 'ہر مسافر کا پاسپورٹ',
    passportWhy: (_rule, months, pages) =>
      `آمد کے دن سے کم از کم ${months} ماہ تک کارآمد ہو، اور اس میں کم از کم ${pages} خالی صفحے ہوں۔ دیکھ لیں کہ یہ وہی پاسپورٹ ہے جس پر ویزا جاری ہوا۔`,
    visa: 'ہر مسافر کا عمرہ ویزا، پرنٹ شدہ اور فون پر بھی',
    visaWhy: 'ایئر لائن سوار ہونے سے پہلے چیک اِن پر اسے دیکھتی ہے۔',
    nusuk: 'نُسُک ایپ، سائن اِن کی ہوئی، ہر عمرہ کے پرمٹ کے ساتھ',
    nusukWhy: () =>
      'ہر عمرہ کے لیے وقت مقرر والا پرمٹ درکار ہے، جو نُسُک ایپ میں بک ہوتا ہے۔ نیٹ ورک سست ہونے کی صورت کے لیے ہر پرمٹ کا اسکرین شاٹ رکھیں۔',
    vaccine: 'ہر ویکسین شدہ مسافر کا گردن توڑ بخار کی ویکسین کا سرٹیفکیٹ',
    vaccineWhy: (_rule, days) =>
      `پیلے بین الاقوامی سرٹیفکیٹ پر ویکسین کا نام اور لگنے کی تاریخ درج ہوتی ہے۔ ویکسین آمد سے کم از کم ${days} دن پہلے لگنی چاہیے۔`,
    ihram: 'ہر مرد کا احرام، کیبن بیگ میں',
    ihramWhy: () =>
      'جدہ پہنچ کر سیدھا مکہ جانا ہو تو آخری پرواز پر سوار ہونے سے پہلے احرام باندھیں اور میقات سے پہلے نیت کریں۔ اس وقت تک چیک اِن سامان تک رسائی نہیں ہوتی۔',
    medicines: 'دوائیں اصل پیکنگ میں، ہر نسخے کی نقل کے ساتھ',
    medicinesWhy: 'امریکہ میں بکنے والی کچھ دوائیں سعودی عرب میں کنٹرول شدہ ہیں؛ سب کیبن بیگ میں رکھیں۔',
    page: 'یہ صفحہ، پرنٹ شدہ، اور ہمارا فون نمبر',
    pageWhy:
      'اس میں آپ کی تاریخیں، ہوٹل اور وہ لوگ ہیں جنہیں پرواز بدلنے یا کسی کاغذ پر سوال ہونے کی صورت میں کال کرنا ہے۔',
  },
  packingGuide: 'سامان کی پوری فہرست ہماری ',
  packingGuideLink: 'عمرہ کے سامان کی گائیڈ میں ہے',
  fullStop: '۔',
  callHeading: 'کسے کال کریں',
  office: 'ہمارا دفتر',
  whatsapp: 'واٹس ایپ',
  whatsappLink: 'ہمیں واٹس ایپ پر پیغام بھیجیں',
  emergencies: 'سفر کے دوران ہنگامی صورت',
  email: 'ای میل',
  sayReference: 'کال کرتے وقت اپنا بکنگ ریفرنس بتائیں، اس صفحے کا لنک کبھی نہیں۔',
  reminders: {
    greeting: 'السلام علیکم،',
    tripPage: (url) => `آپ کے سفر کا صفحہ: ${url}`,
    reference: (reference) => `ریفرنس: ${reference}`,
    why: (reference, url) =>
      `آپ کو یہ یاد دہانیاں اس لیے ملتی ہیں کہ آپ نے ہمارے ساتھ سفر ${reference} بک کیا۔ انہیں بند کرنے کے لیے یہ لنک کھولیں اور بٹن دبائیں: ${url}`,
    stillCome: 'آپ کی ادائیگیوں کی رسیدیں اور آپ کے پیغامات کے ہمارے جواب پھر بھی آتے رہیں گے۔',
    forWhom: (count, of) => ` آپ کے ${of} مسافروں میں سے ${count} کے لیے`,
    toAdd: (missing, saudi) =>
      `ہر مسافر کی تفصیلات: ${missing} مسافر ابھی شامل کرنا باقی ہیں (نام جیسا پاسپورٹ میں ہے، پاسپورٹ کی میعاد ختم ہونے کی تاریخ${saudi ? '، ویکسین' : ''})۔ انہیں اپنے سفر کے صفحے پر شامل کریں، یا ہمیں بھیج دیں۔`,
    passport: (until, months) =>
      `پاسپورٹ جو کم از کم ${until} تک کارآمد ہو${months === null ? '' : ` (آمد سے ${months} ماہ)`}۔`,
    entry: (country) => `${COUNTRIES[country]} میں داخلہ: اس کا قاعدہ نیچے انگریزی متن میں لکھا ہے۔`,
    visa: (from, by, _rule, useWithinDays) =>
      `عمرہ ویزا: ہم ${from} اور ${by} کے درمیان درخواست دیتے ہیں؛ اجرا کے ${useWithinDays} دن کے اندر سعودی عرب میں داخل نہ ہوں تو یہ منسوخ ہو جاتا ہے۔`,
    vaccine: (need, by) => `گردن توڑ بخار (ACWY) کی ویکسین، اس سفر کے لیے ${NEEDS[need]}: ${by} تک لگوا لیں۔`,
    nusuk: () => 'نُسُک پرمٹ: ہر عمرہ کے لیے وقت مقرر والا پرمٹ نُسُک ایپ میں بک ہوتا ہے، آمد سے پہلے۔',
    payment: (label, amount, by) => `${label}: ${amount}، ${by} تک ادا کرنا ہے۔`,
    nothing: 'کچھ نہیں: ہر مسافر کی فہرست مکمل ہے اور سفر کی پوری ادائیگی ہو چکی ہے۔ شکریہ۔',
    bookingSubject: (reference) => `آپ کی بکنگ ${reference}: ہمیں آپ سے کیا چاہیے`,
    bookingIntro: (name, departs) =>
      `ہمارے ساتھ بکنگ کا شکریہ۔ آپ کا سفر (${name}) ${departs} کو روانہ ہوگا؛ اس سے پہلے ہمیں یہ چاہیے:`,
    visaSubject: (reference) => `آپ کی بکنگ ${reference}: عمرہ ویزا کی درخواست کا وقت شروع ہو گیا`,
    visaOpen: (whom, from, by) => `اب عمرہ ویزا کی درخواست دی جا سکتی ہے${whom}: ${from} اور ${by} کے درمیان۔`,
    visaWhy: (_rule, useWithinDays, businessDays, departs) =>
      `اس سے پہلے نہیں، کیونکہ ویزا اجرا کے ${useWithinDays} دن کے اندر استعمال نہ ہو تو منسوخ ہو جاتا ہے؛ اس کے بعد نہیں، کیونکہ ${departs} کو آپ کی روانگی سے پہلے ہماری جانچ کے لیے ${businessDays} کاروباری دن درکار ہیں۔`,
    visaCheck: 'یقینی بنائیں کہ ہمارے پاس ہر پاسپورٹ کی تفصیلات ہیں، اور کچھ بدلا ہو تو ہمیں جواب دیں یا کال کریں۔',
    vaccineSubject: (reference, by) => `آپ کی بکنگ ${reference}: گردن توڑ بخار کی ویکسین ${by} تک`,
    vaccineIntro: (need, days, by, whom) =>
      `گردن توڑ بخار (ACWY) کی ویکسین اس سفر کے لیے ${NEEDS[need]} ہے، اور آمد سے کم از کم ${days} دن پہلے لگنی چاہیے: یعنی ${by} تک${whom}۔`,
    vaccineRequiredKeep: (days) =>
      `ویکسین لگنے کے بعد اس کی قسم اور تاریخ اپنے سفر کے صفحے پر شامل کریں یا ہمیں جواب دیں: ہم انہیں صرف اسی فہرست کے لیے استعمال کرتے ہیں اور آپ کی واپسی کے ${days} دن بعد حذف کر دیتے ہیں۔`,
    vaccineRecommendedKeep: (days) =>
      `ویکسین لگنے کے بعد اپنے سفر کے صفحے پر یا جواب دے کر ہمیں بتائیں: چونکہ یہ صرف تجویز کردہ ہے، ہم صرف یہ رکھتے ہیں کہ لگ چکی ہے (نہ قسم، نہ تاریخ)، اسے صرف اسی فہرست کے لیے استعمال کرتے ہیں اور آپ کی واپسی کے ${days} دن بعد حذف کر دیتے ہیں۔`,
    departureSubject: (reference) => `آپ کی بکنگ ${reference}: روانگی میں ایک ہفتہ`,
    departureIntro: (name, departs) =>
      `آپ کا سفر (${name}) ${departs} کو روانہ ہوگا۔ آپ کے سفر کے صفحے پر پروگرام، ادا شدہ رقم اور ہر مسافر کی فہرست ہے۔ ابھی باقی:`,
    paymentSubject: (reference, label, by) => `آپ کی بکنگ ${reference}: ${label} ${by} تک`,
    byCard: (percent, amount) => ` (کریڈٹ کارڈ سے کل، ${percent}% فیس کے ساتھ: ${amount})`,
    paymentBody: (label, amount, byCard, by) =>
      `${label} ${amount}${byCard} ${by} تک ادا کرنا ہے۔ ادائیگی کا طریقہ اور اب تک کی ادائیگی آپ کے سفر کے صفحے پر ہے۔`,
    checkSender: (domain, phone) =>
      `ادائیگی سے پہلے: ہماری ای میلز صرف ${domain} پر ختم ہونے والے پتوں سے آتی ہیں۔ اگر کسی پیغام میں لکھا ہو کہ ہمارے بینک کی تفصیلات بدل گئی ہیں تو پہلے ہمیں ${phone} پر کال کریں۔`,
  },
};
