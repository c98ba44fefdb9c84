import type { ContentWords } from '../en/content.ts';
import { formatNumberIn } from '../numbers.ts';

export const content: ContentWords = {
  packageLine: (nights: number, stars: string) =>
    `${formatNumberIn(nights, 'bn')} রাত · ${stars} তারকা · {price} থেকে শুরু, {unit}`,
  perPerson: 'জনপ্রতি',
  hajjPriceUnit: (label: string, nusukPrices: string, hijri: string) =>
    `জনপ্রতি, ${label}; ${nusukPrices}, আর ${hijri}-এর দাম নুসুক হজেই নির্ধারিত ও পরিশোধ করা হয়`,
  sentence: (text: string) => `${text}।`,
  nusukHeading: 'হজের বুকিং ও মূল্য পরিশোধ হয় নুসুক হজে',
  eligibility: {
    heading: (season: string) => `${season}-এ কারা যেতে পারেন`,
    confirmed: (announced: string) => `এগুলো ${announced} হিজরির জন্য ঘোষিত নিয়ম।`,
    toConfirm: (announced: string, coming: string) =>
      `এগুলো ${announced} হিজরির জন্য সৌদি কর্তৃপক্ষের ঘোষিত নিয়ম; ${coming} হিজরির নিয়ম এখনো নিশ্চিত হয়নি।`,
    conditionsLead: 'হজ ও উমরাহ মন্ত্রণালয় যাঁদের গ্রহণ করে না, তাঁদের অবস্থা:',
    certificate: (certificate: string) => `প্রত্যেক হজযাত্রীর প্রয়োজন: ${certificate}।`,
    certificateSource: (announced: string) => `${announced} হিজরির নিয়ম নিয়ে সংবাদপত্রের প্রতিবেদন`,
    mobility:
      'যে মা-বাবা নিজে হাঁটেন কিন্তু দূরের পথে হুইলচেয়ার ব্যবহার করেন, তাঁরা যেতে পারেন; যিনি হুইলচেয়ার বা সার্বক্ষণিক সাহায্য ছাড়া চলতে পারেন না, তাঁকে ফিরিয়ে দেওয়া হতে পারে, তাই নিবন্ধনের আগে আমাদের সঙ্গে কথা বলুন।',
    children: (age: string, announced: string, toConfirm: boolean) =>
      `${announced} হিজরিতে ${age} বছরের কম বয়সী শিশুদের নেওয়া হয়নি${toConfirm ? ', আর আসন্ন মৌসুমের বয়সসীমা এখনো নিশ্চিত হয়নি' : ''}।`,
    promise: 'কোনো টাকা দেওয়ার আগেই আমরা আপনার সঙ্গে বসে পরিবারের প্রত্যেকের যোগ্যতা যাচাই করি।',
    source: 'সূত্র:',
  },
};
