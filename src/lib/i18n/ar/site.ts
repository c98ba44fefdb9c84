import type { SiteWords } from '../en/site.ts';
import { NEW_TAB, nav } from './site-nav.ts';

/** Arabic counts 3 to 10 with the plural and 11 up with the singular: "7 ليالٍ", "14 ليلة". */
function counted(count: string, plural: string, singular: string): string {
  const number = Number(count);
  return number >= 3 && number <= 10 ? `${count} ${plural}` : `${count} ${singular}`;
}

// Where the English names a setting written in English (the reply time, the office's city), the
// Arabic says it without it rather than carry English words into the sentence.
export const site: SiteWords = {
  englishGoverns: 'هذه الصفحة مترجمة، والمعتمد في الأسعار والتواريخ والشروط هو الصفحة الإنجليزية.',
  englishPage: 'اقرأ الصفحة الإنجليزية',
  translatedFrom: (day) => `مترجمة عن النص الإنجليزي الصادر في ${day}.`,
  shareImageAlt: (siteName) => `الكعبة المشرفة عند الغروب، وإلى جانبها اسم ${siteName}`,
  languages: 'اللغات',
  skipLink: 'انتقل إلى المحتوى',
  newTab: NEW_TAB,
  nav,
  contact: {
    chatOnWhatsApp: 'راسلنا عبر واتساب',
    chatWithUs: 'تحدّث معنا',
    chatWithUsOnWhatsApp: 'تحدّث معنا عبر واتساب',
    needHelp: 'هل تحتاج إلى مساعدة؟ تحدّث معنا!',
    callUsOn: (phone) => `اتصل بنا على ${phone}`,
    call: (phone) => `اتصل: ${phone}`,
    callOffice: 'اتصل بالمكتب',
    speakYourLanguage: (languages) => `يمكنكم أيضًا الاتصال بنا أو مراسلتنا عبر واتساب باللغة ${languages}.`,
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    office: 'المكتب',
    emailNote: () => 'نردّ على كل رسالة.',
    phoneNote: 'خلال ساعات العمل.',
    hours: 'ساعات العمل',
    timeZone: 'بالتوقيت المركزي الأمريكي',
    travelling: (support) => `أنت في رحلتك الآن؟ نحن معك ${support}`,
    emergencyText: 'إذا طرأ أمر في الطريق، فاتصل بخط الطوارئ في أي ساعة:',
    emergency: (phone) => `الطوارئ ${phone}`,
    whatsappHeading: 'تفضّل واتساب؟',
    whatsappText:
      'يبدأ أغلب ضيوفنا عبر واتساب: أرسل أسماء المسافرين وأعمارهم ومدينتك والشهر الذي تفكر فيه، وسنعود إليك بالخيارات والأسعار.',
    stripHeading: 'تحدّث إلى من قام بهذه الرحلة بنفسه',
    stripText: () => 'أخبرنا من سيسافر ومتى. نردّ عليك سريعًا، ويجيب مكتبنا على الهاتف خلال ساعات العمل.',
  },
  badges: {
    since: (year) => `منذ ${year}`,
    pilgrims: (count) => `${count} حاج ومعتمر`,
    support: (support) => `دعم ${support}`,
  },
  footer: {
    servingSince: (year) => `في خدمة الحجاج والمعتمرين منذ ${year}.`,
    company: 'الشركة',
    contact: 'التواصل',
    officeHours: 'ساعات العمل',
    followUs: 'تابعونا',
    whatsappChat: 'محادثة عبر واتساب',
    closed: 'مغلق',
    emergencies: (support) => `للطوارئ أثناء السفر، ${support}: `,
    rights: (year, legalName) => `© ${year} ${legalName}. جميع الحقوق محفوظة. الأسعار للفرد بالدولار الأمريكي.`,
  },
  pages: {
    homeTitle: (name) => `${name} | باقات العمرة وإرشاد الحج من الولايات المتحدة`,
    homeDescription: () =>
      'باقات العمرة وعمرة رمضان من المدن الأمريكية، وإرشاد للحج عبر منصة نسك حج، مع المساعدة في التأشيرة وفنادق قريبة من الحرم ودعم طوال الرحلة.',
    contactTitle: 'تواصل معنا',
    contactDescription: (name) =>
      `اتصل بفريق ${name} أو راسله أو اكتب إليه بشأن باقات العمرة والحج والرحلات الإسلامية. خط الطوارئ متاح في أي ساعة أثناء السفر.`,
    contactLead: () =>
      'لديك سؤال عن المواعيد أو الأسعار أو التأشيرات أو السفر مع الوالدين؟ اكتب إلينا أو اتصل بنا، وسنردّ عليك.',
  },
  home: {
    eyebrow: 'عمرة · حج · رحلات إسلامية',
    heading: 'عمرة من الولايات المتحدة نرتّبها بعناية، وإرشاد صادق للحج',
    imageAlt: 'رسم للكعبة المشرفة وأروقة المسجد الحرام عند الغروب تحت الهلال',
    since: (year, name, customers) =>
      `منذ ${year} يساعد فريق ${name} ${customers} على تلبية النداء إلى مكة المكرمة والمدينة المنورة: من يعتمر لأول مرة، والأسر الشابة، والأبناء والبنات الذين يصحبون آباءهم وأمهاتهم.`,
    includes:
      'تشمل باقاتنا الطيران ذهابًا وعودة من كبرى المدن الأمريكية، والتأشيرة السعودية، والفنادق، والنقل من المطار وإليه، والزيارات في المدينتين المقدستين، لتتفرغ للعبادة.',
    askUs: () => 'اسألنا ما شئت قبل الحجز. يجيبك شخص حقيقي، ويبقى فريقنا في متناولك على مدار الساعة طوال رحلتك.',
    arrangingSince: (year) => `ننظّم رحلات الحج والعمرة منذ ${year}`,
    sinceYear: 'العام الذي بدأنا فيه تنظيم رحلات الحج والعمرة',
    visaRate: 'نسبة قبول التأشيرات',
    supportTrip: 'دعم قبل رحلتك وأثناءها',
    tiersEyebrow: 'باقات العمرة',
    tiersHeading: 'اختر مستوى الراحة الذي يناسب عائلتك',
    stars: (stars) => `فنادق ${counted(stars, 'نجوم', 'نجمة')}`,
    fromNights: (nights) => `${nights}، ابتداءً من`,
    nights: (min, max) =>
      min === max ? counted(max, 'ليالٍ', 'ليلة') : `من ${min} إلى ${counted(max, 'ليالٍ', 'ليلة')}`,
    allUmrah: 'جميع باقات العمرة',
    findPackage: 'ابحث عن باقتك',
    whyEyebrow: 'لماذا نحن',
    whyHeading: 'نرتّب كل شيء ليبقى قلبك مع العبادة',
    guidesHeading: 'أدلة لرحلتك',
  },
  why: {
    visaTitle: 'نتولى التأشيرة عنك',
    visaText: (rate) => `نُعدّ طلب تأشيرتك السعودية ونقدّمه، ونراجع كل جواز سفر أولًا. نسبة القبول لدينا ${rate}.`,
    hotelsTitle: 'فنادق قريبة من الحرم',
    hotelsText: 'تذكر كل باقة تصنيف الفندق بالنجوم والمسافة مشيًا إلى الحرم.',
    citiesTitle: 'الانطلاق من عدة مدن أمريكية',
    citiesText: 'رحلات من كبرى المدن الأمريكية، مع رحلات ربط من المدن الأخرى.',
    eldersTitle: 'عناية بكبار السن والعائلات',
    eldersText: 'كراسٍ متحركة وغرف متجاورة وإيقاع هادئ للوالدين؛ وغرف عائلية ونصائح للسفر مع الأطفال.',
    pricesTitle: 'أسعار واضحة وخطط تقسيط',
    pricesText: () =>
      'الأسعار للفرد بالدولار الأمريكي، ويذكر عرض السعر كل رسم وسعر الغرفة بحسب عدد من يشاركونها. ويمكنك تقسيط التكلفة وفق خطة متفق عليها.',
    sinceTitle: (year) => `منذ ${year}`,
    sinceText: (customers, support) =>
      `سافر معنا ${customers}، مع دعم ${support} في الطريق وفريق واحد من سؤالك الأول حتى عودتك.`,
  },
  guide: {
    published: 'نُشر في',
    updated: 'حُدّث في',
    minutes: (minutes) => `قراءة ${counted(minutes, 'دقائق', 'دقيقة')}`,
    onThisPage: 'في هذه الصفحة',
    questions: 'أسئلة عن هذا الدليل',
    keepReading: 'تابع القراءة',
  },
  faq: {
    eyebrow: 'أسئلة',
    heading: 'الأسئلة الشائعة',
  },
};
