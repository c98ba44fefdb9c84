import type { TripWords } from '../en/trip.ts';

type Counts = { adult: number; child: number; infant: number };
type Country = 'turkey' | 'jordan' | 'uae' | 'egypt';

// Counts as "noun: number", which reads correctly for every number without Arabic's dual and plural forms.
const CATEGORY_NOUNS = { adult: 'البالغون', child: 'الأطفال', infant: 'الرضّع' } as const;
const COUNTRIES: Record<Country, string> = { turkey: 'تركيا', jordan: 'الأردن', uae: 'الإمارات', egypt: 'مصر' };
const NEEDS = { required: 'إلزامي', recommended: 'موصى به' } as const;
const dueOrLate = (late: boolean) => (late ? 'متأخر' : 'مطلوب');

export const trip: TripWords = {
  languageChoice: 'اقرأ هذه الصفحة بـ',
  languageSaved: 'هذه الصفحة الآن بالعربية.',
  skipToContent: 'انتقل إلى المحتوى',
  title: (reference) => `رحلتك ${reference}`,
  error: (title) => `خطأ: ${title}`,
  booking: (reference) => `الحجز ${reference}`,
  heading: 'رحلتك',
  summary: (name, departs, returns, quoted) => `${name} · المغادرة ${departs} · العودة ${returns} · لـ ${quoted}`,
  privateNote:
    'هذه الصفحة هي الرابط الخاص بحجزك: كل من يملكه يستطيع رؤيتها وإضافة مسافرين، فلا تشاركه إلا مع المسافرين. تبيّن الصفحة ما أُنجز وما بقي، ولا تعرض أبداً البيانات التي أعطيتنا إياها كاملة.',
  calendar: 'أضف التواريخ إلى تقويمك (‎.ics)',
  quoteLink: 'عرض السعر',
  printNote: 'للاحتفاظ بنسخة ورقية اطبع هذه الصفحة: تتسع لصفحة أو صفحتين.',
  itinerary: 'برنامج الرحلة',
  inEnglish: 'برنامج الرحلة وعرض السعر كما قبلتموه، بالإنجليزية: النص الإنجليزي هو المرجع في الأسعار والشروط.',
  privacy: 'كيف نستخدم بيانات المسافرين ومتى نحذفها',
  travellerSaved: 'حُفظت بيانات المسافر.',
  nothingSaved: 'لم يُحفظ شيء',
  back: 'العودة إلى رحلتك',
  refusals: {
    notFromPage: 'لم يأتِ هذا النموذج من صفحة رحلتك، لذلك لم يُحفظ شيء. يُرجى فتح رابط رحلتك من جديد وتعبئته هناك.',
    tooMany: 'وصلت تغييرات كثيرة من هذا الاتصال في وقت قصير، لذلك لم يُحفظ شيء. يُرجى الانتظار بضع دقائق أو الاتصال بنا.',
    tooLong: 'هذا النموذج أطول من أن يُرسل. يُرجى اختصاره والمحاولة مرة أخرى.',
    notTaken: 'تعذّر الحفظ الآن. يُرجى المحاولة بعد دقيقة أو الاتصال بنا.',
    badLanguage: 'هذه ليست لغة من لغات هذه الصفحة، لذلك لم يتغير شيء. يُرجى اختيار إحدى اللغات الأربع أدناه.',
  },

  umrahTrip: 'رحلة عمرة',
  holidayIn: (country) => `عطلة في ${COUNTRIES[country]}`,
  holidayAndUmrah: (country) => `عطلة في ${COUNTRIES[country]} وعمرة`,
  entryTo: (country) => `دخول ${COUNTRIES[country]}`,

  payments: 'المدفوعات',
  paidSoFar: (amount) => `المدفوع حتى الآن: ${amount}.`,
  stillToPay: (amount) => ` المتبقي للدفع: ${amount}.`,
  paymentsCaption: 'كل دفعة وحالتها',
  paymentColumn: 'الدفعة',
  amountColumn: 'المبلغ',
  standsColumn: 'الحالة',
  paySafely: 'كيف تدفع بأمان',
  paymentLabel: (index, count) =>
    count === 1
      ? 'الدفعة الكاملة'
      : index === 0
        ? 'العربون'
        : index === count - 1
          ? 'المبلغ المتبقي'
          : `الدفعة ${index + 1}`,
  paid: 'مدفوعة',
  partPaid: (amount) => `دُفع ${amount}، `,
  overdueSince: (amount, day) => `${amount} متأخرة منذ ${day}`,
  dueBy: (amount, day) => `${amount} مستحقة قبل ${day}`,

  travellersHeading: 'المسافرون وما بقي عليهم',
  bookingFor: (quoted, saudi, arrives) =>
    `الحجز لـ ${quoted}. الوصول${saudi ? ' إلى المملكة العربية السعودية' : ''}: ${arrives}؛ وكل قاعدة أدناه تُحسب منه.`,
  noTravellers: 'لا يوجد مسافرون بعد: أضف كل مسافر أدناه.',
  standing: (words) => `الحالة: ${words}`,
  standings: { ready: 'جاهز', waiting: 'بانتظار التأشيرة', due: 'بنود مطلوبة', blocked: 'متوقف' },
  categories: { adult: 'بالغ', child: 'طفل', infant: 'رضيع' },
  count: (count, category) => `${CATEGORY_NOUNS[category]}: ${count}`,
  counts: (counts: Counts) =>
    (['adult', 'child', 'infant'] as const)
      .filter((category) => category === 'adult' || counts[category] > 0)
      .map((category) => `${CATEGORY_NOUNS[category]}: ${counts[category]}`)
      .join('، '),
  list: (items) => items.join('، '),
  stillToAdd: (quoted, missing) => `عرض السعر لـ ${quoted}: بقي أن تضيف ${missing}.`,
  tooMany: (quoted, entered) =>
    `عرض السعر المقبول لـ ${quoted}: وبهذا يصبح العدد ${entered}. غيّر الفئة، أو اطلب منا عرض سعر جديداً أولاً.`,
  gone: 'لم يعد هذا المسافر ضمن الحجز: أعد تحميل الصفحة.',
  addDetailsFor: (name) => `أضف بيانات ${name} أو صحّحها`,
  addTraveller: 'أضف مسافراً',
  addOnly: 'فقط ما تحتاجه القائمة: لا رقم جواز، ولا تاريخ ميلاد، ولا صور مستندات.',

  passport: 'جواز السفر',
  visaKinds: {
    umrah: 'تأشيرة العمرة',
    tourist: 'التأشيرة السياحية الإلكترونية',
    other: 'تأشيرة (إقامة أو تأشيرة خليجية)',
  },
  vaccine: 'لقاح الحمى الشوكية (ACWY)',
  nusuk: 'تصريح نسك',
  entry: 'الدخول',
  nothingBeforeFlying: 'لا شيء عليك قبل السفر.',
  nothingBeforeFlyingBecause: () => 'لا شيء عليك قبل السفر.',
  passportBlocked: (expires, by) => `متوقف: ينتهي في ${expires}، ويجب أن يبقى صالحاً حتى ${by}. يلزم جواز سفر جديد.`,
  passportDone: (by) => `تم: صالح حتى ${by} على الأقل.`,
  passportDue: (late, by) => `${dueOrLate(late)}: نحتاج تاريخ انتهاء الجواز قبل ${by}.`,
  passportBlockedMonth: (month, by) => `متوقف: ينتهي في ${month}، ويجب أن يبقى صالحاً حتى ${by}. يلزم جواز سفر جديد.`,
  passportDoneMonth: (month) => `تم: ينتهي في ${month}، وهو صالح للرحلة.`,
  between: (from, to) => `${from} و${to}`,
  visaValidUntil: (day) => `تم: صالحة حتى ${day}.`,
  visaIssuedValid: (on, by) => `تم: صدرت في ${on}، وهي صالحة حتى ${by}.`,
  visaIssued: (on) => `تم: صدرت في ${on}.`,
  visaApplied: (on) => `بالانتظار: قُدّم الطلب في ${on}.`,
  visaLapses: (by) => `متوقف: صدرت مبكراً جداً فتسقط في ${by} قبل الوصول. تلزم تأشيرة جديدة.`,
  visaNoDay: (window) => `متوقف: لا يصلح أي يوم (التقديم بين ${window}).`,
  visaDue: (late, window) => `${dueOrLate(late)}: قدّم الطلب بين ${window}.`,
  visaAfterLastEntry: (by) =>
    `متوقف: لا تصلح تأشيرة العمرة لهذا الوصول، لأن آخر دخول بها نحو ${by} قبل الحج. استخدم التأشيرة السياحية الإلكترونية بدلاً منها، أو غيّر التواريخ.`,
  visaClosure: (by) =>
    `متوقف: تمتد الإقامة إلى ما بعد ${by} تقريباً، وبعده تُغلق مكة قبل الحج أمام الجميع إلا حاملي تأشيرات الحج. عُد قبل ذلك، أو غيّر التواريخ.`,
  visaTooLong: (by, days) =>
    `متوقف: تمتد الإقامة إلى ما بعد ${by}، أي أطول من ${days} يوماً تسمح بها التأشيرة السياحية الإلكترونية. قصّر الإقامة، أو اسألنا عن تأشيرة العمرة.`,
  visaExpiresTourist: (by) => `متوقف: تنتهي في ${by} قبل العودة. تلزم تأشيرة سياحية إلكترونية جديدة.`,
  visaExpiresOther: (by) => `متوقف: تنتهي في ${by} قبل العودة. جدّدها، أو قدّم على تأشيرة سياحية إلكترونية.`,
  familyVisaValid: 'تم: صالحة للرحلة.',
  familyVisaIssued: 'تم: صدرت.',
  familyVisaApplied: 'بالانتظار: قُدّم الطلب.',
  familyVisaLapses: 'متوقف: صدرت مبكراً جداً فتسقط قبل الوصول. تلزم تأشيرة جديدة.',
  familyVisaExpiresTourist: 'متوقف: تنتهي قبل العودة. تلزم تأشيرة سياحية إلكترونية جديدة.',
  familyVisaExpiresOther: 'متوقف: تنتهي قبل العودة. جدّدها، أو قدّم على تأشيرة سياحية إلكترونية.',
  needs: NEEDS,
  vaccineNotNeeded: 'غير مطلوب لهذا المسافر.',
  vaccineDone: (need) => `تم (${NEEDS[need]}).`,
  vaccineDue: (late, need, by) => `${dueOrLate(late)} (${NEEDS[need]}): يُعطى قبل ${by}.`,
  familyVaccineDone: (need) => `تم: مسجّل (${NEEDS[need]}).`,
  familyVaccineWontCount: (rest) => `مسجّل، لكنه لن يُحتسب عند الوصول. ${rest}`,
  nusukNotNeeded: 'غير مطلوب لهذه الرحلة.',
  nusukDone: (day) => `تم: محجوز ليوم ${day}.`,
  nusukDue: (late, by) => `${dueOrLate(late)}: احجزه قبل الوصول في ${by}.`,
  familyNusukDone: 'تم: محجوز.',

  form: {
    add: 'أضف مسافراً',
    details: (position) => `بيانات المسافر ${position}`,
    name: 'الاسم كما في جواز السفر',
    category: 'بالغ أو طفل أو رضيع',
    categoryOptions: { adult: 'بالغ', child: 'طفل', infant: 'رضيع (دون السنتين)' },
    passportExpiry: 'تاريخ انتهاء جواز السفر',
    given: 'هل أُعطي؟',
    certificateType: 'النوع المذكور في الشهادة',
    givenOn: 'تاريخ إعطائه',
    visa: 'التأشيرة',
    whichVisa: 'أي تأشيرة',
    visaStatus: 'تأشيرة العمرة أو السياحية: الحالة',
    visaOn: 'تاريخ التقديم أو الإصدار',
    visaValidUntil: 'الإقامة أو التأشيرة الخليجية: صالحة حتى',
    nusukFor: 'تصريح نسك محجوز ليوم',
    nusukEmpty: 'اتركه فارغاً حتى يُحجز.',
    recorded: (why) => `مسجّل: اتركه فارغاً لتبقى البيانات كما هي. ${why}`,
    leaveAsRecorded: 'كما هو مسجّل',
    notYet: 'ليس بعد',
    vaccineTypes: { conjugate: 'مقترن', polysaccharide: 'سكري متعدد', unnamed: 'غير مذكور في الشهادة' },
    givenOption: 'أُعطي',
    visaStatuses: { 'not-applied': 'لم يُقدَّم', applied: 'قُدّم الطلب', issued: 'صدرت' },
    visaKindOptions: {
      umrah: 'تأشيرة العمرة التي نقدّم عليها مع الباقة',
      tourist: 'تأشيرتي السياحية الإلكترونية السعودية',
      other: 'إقامة أو تأشيرة خليجية',
    },
    save: 'احفظ هذه البيانات',
    addButton: 'أضف المسافر',
    problems: 'هناك مشكلة؛ لم يُحفظ شيء.',
  },
  reasons: {
    name: 'يجب أن تطابق التذاكر والتأشيرة جواز السفر حرفاً بحرف.',
    category: 'على أساسها سُعّر العرض، وبعض القواعد تتعلق بالعمر.',
    passport: (months) =>
      `تطلب المملكة العربية السعودية جواز سفر صالحاً ${months} أشهر من الوصول. نحتفظ بتاريخ الانتهاء وحده، ولا نحتفظ بالرقم أبداً.`,
    deleted: (days) => `يُستخدم لهذه القائمة وحدها ويُحذف بعد ${days} يوماً من عودتك`,
    vaccineRequired: (days, deleted) =>
      `يجب أن يكون قد مضى على الشهادة ${days} أيام على الأقل عند الوصول، ونوعها يحدد مدة صلاحيتها، لذلك نحتفظ بنوعها وتاريخها. هذه معلومات صحية: ${deleted}.`,
    vaccineRecommended: (deleted) =>
      `اللقاح موصى به للعمرة وليس إلزامياً، لذلك نحتفظ فقط بما إذا كان قد أُعطي: بلا نوع ولا تاريخ. هذه معلومات صحية: ${deleted}.`,
    visa: (useWithinDays, eVisaMonths) =>
      `تسقط تأشيرة العمرة إن لم تُستخدم خلال ${useWithinDays} يوماً من صدورها، لذلك يُقدَّم عليها في فترة محددة؛ والتأشيرة السياحية الإلكترونية صالحة ${eVisaMonths} شهراً؛ وللإقامة أو التأشيرة الخليجية نحتفظ بتاريخ انتهائها وحده. ولا نحتفظ أبداً برقم التأشيرة.`,
    nusuk: 'كل عمرة تحتاج تصريحاً بموعد محدد يُحجز في تطبيق نسك.',
  },
  problems: {
    realDate: (what) => `يُرجى إدخال ${what} تاريخاً صحيحاً.`,
    notAfterToday: (what) => `لا يمكن أن يكون ${what} بعد اليوم.`,
    name: 'يُرجى إدخال الاسم كما في جواز السفر.',
    nameTooLong: (max) => `يُرجى ألا يتجاوز الاسم ${max} حرفاً، كما في جواز السفر.`,
    category: 'يُرجى اختيار بالغ أو طفل أو رضيع.',
    vaccine: 'يُرجى اختيار اللقاح المسجّل.',
    vaccinatedOn: 'يُرجى إدخال تاريخ إعطاء اللقاح.',
    visaKind: 'يُرجى اختيار نوع التأشيرة.',
    visaValidUntil: 'يُرجى إدخال تاريخ انتهاء التأشيرة أو الإقامة.',
    visa: 'يُرجى اختيار حالة التأشيرة.',
    visaOn: (status) =>
      status === 'issued' ? 'يُرجى إدخال تاريخ صدور التأشيرة.' : 'يُرجى إدخال تاريخ تقديم طلب التأشيرة.',
  },
  fields: {
    passportExpiresOn: 'تاريخ انتهاء جواز السفر',
    vaccinatedOn: 'تاريخ اللقاح',
    nusukPermitOn: 'تاريخ تصريح نسك',
    visaValidUntil: 'تاريخ انتهاء التأشيرة',
    visaApplied: 'تاريخ تقديم طلب التأشيرة',
    visaIssued: 'تاريخ صدور التأشيرة',
  },

  carryHeading: 'ما تحمله معك',
  carry: {
    passport: 'جواز سفر كل مسافر',
    passportWhy: (_rule, months, pages) =>
      `يجب أن يكون صالحاً ${months} أشهر على الأقل من يوم الوصول، وفيه صفحات فارغة عددها ${pages} على الأقل. تأكد أنه الجواز الذي صدرت عليه التأشيرة.`,
    visa: 'تأشيرة العمرة لكل مسافر، مطبوعة وعلى الهاتف',
    visaWhy: 'تتحقق منها شركة الطيران عند تسجيل الوصول، قبل الصعود إلى الطائرة.',
    nusuk: 'تطبيق نسك، مسجَّل الدخول، وفيه تصريح كل عمرة',
    nusukWhy: () => 'كل عمرة تحتاج تصريحاً بموعد محدد يُحجز في تطبيق نسك. احتفظ بصورة شاشة لكل تصريح تحسباً لبطء الشبكة.',
    vaccine: 'شهادة لقاح الحمى الشوكية لكل مسافر تلقّاه',
    vaccineWhy: (_rule, days) =>
      `الشهادة الدولية الصفراء تذكر اللقاح ويوم إعطائه. يُعطى اللقاح قبل الوصول بـ ${days} أيام على الأقل.`,
    ihram: 'ملابس الإحرام لكل رجل، في حقيبة اليد',
    ihramWhy: () =>
      'من يسافر إلى جدة ليذهب مباشرة إلى مكة يلبس الإحرام قبل ركوب الرحلة الأخيرة وينوي قبل الميقات. الأمتعة المشحونة لا تصل إليها حينها.',
    medicines: 'الأدوية في عبواتها الأصلية، مع نسخة من كل وصفة طبية',
    medicinesWhy: 'بعض الأدوية التي تُباع في الولايات المتحدة خاضعة للرقابة في السعودية؛ احملها كلها في حقيبة اليد.',
    page: 'هذه الصفحة مطبوعة، ورقم هاتفنا',
    pageWhy: 'فيها تواريخك وفنادقك ومن تتصل به إن تغيّرت رحلة طيران أو سُئلت عن مستند.',
  },
  packingGuide: 'قائمة الأمتعة الكاملة في ',
  packingGuideLink: 'دليلنا لما تحمله في العمرة',
  fullStop: (sentence) => `${sentence}.`,
  callHeading: 'بمن تتصل',
  office: 'مكتبنا',
  whatsapp: 'واتساب',
  whatsappLink: 'راسلنا على واتساب',
  emergencies: (support) => `الطوارئ أثناء السفر، ${support}`,
  email: 'البريد الإلكتروني',
  sayReference: 'اذكر رقم حجزك عندما تتصل، ولا تذكر رابط هذه الصفحة أبداً.',
  reminders: {
    greeting: 'السلام عليكم،',
    tripPage: (url) => `صفحة رحلتك: ${url}`,
    reference: (reference) => `رقم الحجز: ${reference}`,
    why: (reference, url) =>
      `تصلك هذه التذكيرات لأنك حجزت معنا الرحلة ${reference}. لإيقافها افتح هذا الرابط واضغط الزر: ${url}`,
    stillCome: 'ستظل تصلك إيصالات مدفوعاتك وردودنا على رسائلك.',
    forWhom: (count, of) => ` لـ ${count} من مسافريك الـ ${of}`,
    toAdd: (missing, saudi) =>
      `بيانات كل مسافر: بقي ${missing} من المسافرين لم تُضف بياناتهم (الاسم كما في الجواز، وتاريخ انتهاء الجواز${saudi ? '، واللقاح' : ''}). أضفها في صفحة رحلتك، أو أرسلها إلينا.`,
    passport: (until, months) =>
      `جواز سفر صالح حتى ${until} على الأقل${months === null ? '' : ` (${months} أشهر من الوصول)`}.`,
    entry: (country) => `دخول ${COUNTRIES[country]}: القاعدة مكتوبة في النص الإنجليزي أدناه.`,
    visa: (from, by, _rule, useWithinDays) =>
      `تأشيرة العمرة: نقدّم عليها بين ${from} و${by}؛ فهي تسقط إن لم تدخل بها المملكة خلال ${useWithinDays} يوماً من صدورها.`,
    vaccine: (need, by) => `لقاح الحمى الشوكية (ACWY)، ${NEEDS[need]} لهذه الرحلة: يُعطى قبل ${by}.`,
    nusuk: () => 'تصريح نسك: كل عمرة تحتاج تصريحاً بموعد محدد يُحجز في تطبيق نسك، قبل الوصول.',
    payment: (label, amount, by) => `${label}: ${amount} مستحقة قبل ${by}.`,
    nothing: 'لا شيء: أُنجزت قائمة كل مسافر ودُفعت الرحلة كاملة. شكراً لك.',
    bookingSubject: (reference) => `حجزك ${reference}: ما نحتاجه منك`,
    bookingIntro: (name, departs) => `شكراً لحجزك معنا. رحلتك (${name}) تغادر في ${departs}؛ وقبل ذلك نحتاج ما يلي:`,
    visaSubject: (reference) => `حجزك ${reference}: فُتحت فترة التقديم على تأشيرة العمرة`,
    visaOpen: (whom, from, by) => `يمكن الآن التقديم على تأشيرة العمرة${whom}: بين ${from} و${by}.`,
    visaWhy: (_rule, useWithinDays, businessDays, departs) =>
      `ليس قبل ذلك، لأن التأشيرة تسقط إن لم تُستخدم خلال ${useWithinDays} يوماً من صدورها؛ وليس بعده، لأننا نحتاج ${businessDays} أيام عمل لمراجعاتنا قبل سفرك في ${departs}.`,
    visaCheck: 'تأكد أن لدينا بيانات كل جواز، وردّ علينا أو اتصل بنا إن تغيّر شيء.',
    vaccineSubject: (reference, by) => `حجزك ${reference}: لقاح الحمى الشوكية قبل ${by}`,
    vaccineIntro: (need, days, by, whom) =>
      `لقاح الحمى الشوكية (ACWY) ${NEEDS[need]} لهذه الرحلة، ويُعطى قبل الوصول بـ ${days} أيام على الأقل: أي قبل ${by}${whom}.`,
    vaccineRequiredKeep: (days) =>
      `بعد إعطائه أضف نوعه وتاريخه في صفحة رحلتك أو ردّ علينا: نستخدمهما لهذه القائمة وحدها ونحذفهما بعد ${days} يوماً من عودتك.`,
    vaccineRecommendedKeep: (days) =>
      `بعد إعطائه أخبرنا في صفحة رحلتك أو بالرد علينا: ولأنه موصى به فقط، لا نحتفظ إلا بأنه أُعطي (بلا نوع ولا تاريخ)، ونستخدم ذلك لهذه القائمة وحدها ونحذفه بعد ${days} يوماً من عودتك.`,
    departureSubject: (reference) => `حجزك ${reference}: أسبوع على السفر`,
    departureIntro: (name, departs) =>
      `رحلتك (${name}) تغادر في ${departs}. في صفحة رحلتك برنامج الرحلة وما دُفع وقائمة كل مسافر. ما بقي:`,
    paymentSubject: (reference, label, by) => `حجزك ${reference}: ${label} مستحقة قبل ${by}`,
    byCard: (percent, amount) => ` (الإجمالي بالبطاقة الائتمانية مع رسوم ${percent}%: ${amount})`,
    paymentBody: (label, amount, byCard, by) =>
      `${label} بمبلغ ${amount}${byCard} مستحقة قبل ${by}. طريقة الدفع وما دُفع حتى الآن في صفحة رحلتك.`,
    checkSender: (domain, phone) =>
      `قبل أن تدفع: رسائلنا تأتي فقط من عناوين تنتهي بـ ${domain}. إن قالت رسالة إن بياناتنا المصرفية تغيّرت، فاتصل بنا أولاً على ${phone}.`,
  },
  stop: {
    title: 'إيقاف تذكيرات الرحلة',
    titleOff: 'تذكيرات الرحلة متوقفة',
    button: 'أوقف التذكيرات',
    justNow: 'تم: لن نرسل أي تذكير آخر بشأن هذا الحجز. ',
    already: 'لا نرسل أي تذكيرات بشأن هذا الحجز. ',
    off: 'ولن نراسلك لنطلب تقييماً بعد عودتك. تبقى صفحة رحلتك تعرض كل موعد نهائي، وتظل إيصالات مدفوعاتك تصلك، ونظل نرد على رسائلك. لإعادة التذكيرات اتصل بنا أو راسلنا.',
    intro:
      'نراسلك قبل كل موعد نهائي في هذا الحجز: فترة التأشيرة، واللقاح، والمدفوعات، والأسبوع الذي يسبق سفرك؛ وبعد عودتك نسألك كيف كانت الرحلة. اضغط الزر لإيقاف هذه الرسائل؛ ولن يتغير شيء آخر في حجزك.',
  },
};
