import { parseFacts } from './facts-schema.ts';
import { formatDayRange, seasonNote, seasons } from './seasons.ts';

/**
 * The seasons and the volatile facts that guides, landing pages and YAML copy read (through
 * `<Fact name="…" />`, `<Season … />` and `{{fact:…}}` / `{{season:…}}`). Changing a fact here
 * changes every page; the build fails naming the field when a value is invalid. `watch` lists
 * phrases that restate a fact by hand, beside those read from its values (fact-lookup.ts):
 * `npm run content:check` points copy containing one here.
 * The seasons live in `seasons.ts`, free of zod, so the enquiry form's script can read them; they
 * are validated here with the rest. Plain Node imports this file, so imports stay relative.
 */
export const settings = parseFacts({
  seasonNote,
  seasons,
  facts: {
    visa: {
      // The Saudi tourist eVisa.
      validity: {
        text: 'valid for one year, for multiple entries, with stays of up to 90 days',
        // Whether the 90 days are per visit or in total over the year is reported both ways.
        stayNote: 'sources differ on whether the 90 days count per visit or in total over the year, so we check yours',
        validMonths: 12,
        maxStayDays: 90,
        watch: ['valid for 90 days'],
      },
      // Our own allowance, not the Saudi processing time.
      processing: {
        text: 'we allow 5-10 business days for our checks and any resubmission',
        minBusinessDays: 5,
        maxBusinessDays: 10,
        watch: ['five to ten business days'],
      },
      // What the Saudi system usually takes.
      issueTime: { text: 'the eVisa itself is often issued within a day or two' },
      // Umrah visas lapse unused after 30 days since November 2025.
      umrahWindow: {
        text: 'an Umrah visa is cancelled if you have not entered Saudi Arabia within 30 days of its issue, though once you are in you may stay up to 90 days',
        useWithinDays: 30,
        source: 'https://www.dawn.com/news/1952496',
      },
      // Saudi entry rule, counted from arrival.
      passport: {
        text: 'a passport valid for at least six months from the day you arrive, with two blank pages',
        monthsValid: 6,
        blankPages: 2,
        watch: ['two blank pages', 'six months beyond the travel dates'],
      },
      // Uploaded, not printed.
      photo: {
        text: 'a recent digital photo on a white background, uploaded with the application',
        watch: ['two recent passport-style photos', 'two passport photos'],
      },
      // The agency's visa-success figure; site.claims.visaSuccess reads it.
      successRate: { text: '99.8% of the visas we filed were approved', value: '99.8%' },
      // The visas a traveller may come on for Umrah. The dates each allows are not here: the Umrah
      // visa's 30 days are umrahWindow, the eVisa's year and stay are validity, and the pre-Hajj
      // cut-offs (last issue, last entry, leave Makkah by) are the season's (seasons.umrahPause).
      kinds: {
        umrah: {
          text: 'the Umrah visa we apply for with your package: it is cancelled unless you enter within 30 days of its issue, none is issued after Eid al-Fitr, the last entry on one is about 15 Shawwal, and its holders leave Makkah before the Hajj season',
          sources: ['https://www.dawn.com/news/1952496', 'https://newmail-ng.com/no-umrah-permits-after-15-dhul-qadah'],
          checked: '2026-12-06',
        },
        tourist: {
          text: 'your own Saudi tourist eVisa: valid for one year with stays of up to 90 days, it allows Umrah with a Nusuk permit, but not in the Hajj season, when Makkah is closed to its holders',
          sources: [
            'https://gulfnews.com/world/gulf/saudi/tourist-visa-holders-not-allowed-to-perform-hajj-1.95772875',
            'https://thenews.com.pk/latest/982003-major-change-in-saudi-umrah-policy',
          ],
          checked: '2026-12-06',
        },
        other: {
          text: 'another visa that allows Umrah, such as a Saudi residence permit or a Gulf (GCC) residence visa: Umrah with a Nusuk permit while it is valid, except in the Hajj season, when Makkah is closed without a Hajj permit',
          sources: [
            'https://gulfnews.com/world/gulf/saudi/saudi-arabia-announces-start-of-new-umrah-season-who-can-apply-for-permits-1.1689143261120',
            'https://gulfnews.com/world/gulf/saudi/saudi-arabia-sets-june-4-deadline-for-umrah-permits-prepares-for-hajj-season-1.95952476',
          ],
          checked: '2026-12-06',
        },
      },
    },
    // What a US citizen needs to enter each holiday country (the terms: "we will tell you what entry
    // rules apply to your passport"). No country here asks for a vaccine of a US traveller.
    entry: {
      turkey: {
        text: 'US citizens need no visa for Turkey for stays of up to 90 days in any 180, and the passport must be valid for at least 150 days from arrival',
        visa: 'none',
        passport: { from: 'arrival', months: 0, days: 150 },
        sources: [
          'https://www.destinations.com.tr/how-to-get-a-turkey-visa-for-us-citizens/',
          'https://travelout.app/trip/usa-to-turkey',
        ],
        checked: '2026-12-06',
      },
      jordan: {
        text: 'US citizens get a single-entry visa for up to 30 days on arrival at Amman airport (40 Jordanian dinars, or covered by the Jordan Pass), and the passport must be valid for at least six months after leaving Jordan',
        visa: 'on-arrival',
        passport: { from: 'departure', months: 6, days: 0 },
        sources: [
          'https://legalclarity.org/jordan-visa-for-us-citizens-requirements-and-application',
          'https://thevisaexperts.com/asia/jordan/entry-exit-requirements',
        ],
        checked: '2026-12-06',
      },
      uae: {
        text: 'US citizens get a free 30-day visitor visa on arrival in the UAE with a return ticket, and the passport must be valid for at least six months from arrival',
        visa: 'on-arrival',
        passport: { from: 'arrival', months: 6, days: 0 },
        sources: [
          'http://traveltips.usatoday.com/visa-arrival-work-dubai-109194.html',
          'https://www.edubaivisa.in/blog/dubai-visa-for-us-citizens/',
        ],
        checked: '2026-12-06',
      },
      egypt: {
        text: 'US citizens get a 30-day tourist visa on arrival at Cairo airport (25 US dollars) or as an e-visa before travel, and the passport must be valid for at least six months from arrival',
        visa: 'on-arrival',
        passport: { from: 'arrival', months: 6, days: 0 },
        sources: [
          'https://worldnextstep.com/egypt-tourist-visa',
          'https://www.egyptimmigration.org/faq/how-long-can-a-us-citizen-stay-in-egypt-without-a-visa',
        ],
        checked: '2026-12-06',
      },
    },
    permits: {
      // Nusuk Umrah permit with a time slot.
      nusuk: { text: 'every Umrah needs a permit with a time slot, booked free in the Nusuk app' },
      // Rawdah visits.
      // Advance bookings once in 365 days (2024 rules); same-day slots near the mosque may allow more.
      rawdah: {
        text: 'a Rawdah visit is booked in Nusuk for a slot of about 10 minutes; advance bookings have been limited to one every 365 days, though Nusuk has also offered same-day slots to visitors near the mosque, and a missed slot can block your next booking, so we check the current rule before you travel',
        onceInDays: 365,
        watch: ['once a year to the Rawdah'],
      },
      // Ramadan Umrah permits.
      ramadan: {
        text: 'under recent rules Nusuk issues one Umrah permit per person during Ramadan, while extra tawaf needs no permit',
      },
    },
    hajj: {
      // How US residents book Hajj (Direct Hajj Program): the Ministry's rule for 1447.
      nusuk: {
        text: 'pilgrims who live in the US register on the Saudi platform Nusuk Hajj, choose their package there from a provider approved by the Ministry of Hajj and Umrah, and pay for it only on Nusuk Hajj; no one may take a Hajj deposit or booking outside it',
        source:
          'https://www.geo.tv/latest/644253-hajj-2026-saudi-arabia-opens-early-package-preference-phase-for-pilgrims',
      },
      // When registration opens; 1448 was not announced when checked.
      registration: {
        text: 'registration for the last season opened on Nusuk Hajj in early November 2025, so registration for the coming season may already be open: create your account on hajj.nusuk.sa now, and the package price is the one set there',
        checked: '2026-11-26',
        watch: ['six to seven months before Hajj', '6 to 7 months ahead', 'the day registration opens'],
      },
      // The Nusuk Hajj steps for pilgrims who live in the US (the Direct Hajj Program), each with the
      // day it was announced or reported open and its source; the desk's phase alerts read them, so
      // an alert never gives a date the facts contradict. Nothing was announced for 1448
      // when checked: a step is added here, with its source, when Nusuk Hajj announces it.
      steps: {
        text: 'each season Nusuk Hajj opens registration first, then the choice of packages, then the payment deadlines',
        checked: '2026-11-28',
        coming: { hijriYear: 1448 },
        last: {
          hijriYear: 1447,
          registration: {
            on: '2025-11-08',
            source: 'https://www.siasat.com/haj-2026-registration-account-creation-now-open-on-nusuk-platform-3293128/',
            sourceName: 'Siasat Daily, 8 November 2025',
          },
          packageChoice: {
            on: '2026-01-10',
            source:
              'https://www.geo.tv/latest/644253-hajj-2026-saudi-arabia-opens-early-package-preference-phase-for-pilgrims',
            sourceName: 'Geo News, 10 January 2026',
          },
        },
      },
      // What the catalogue's Hajj figures are: the old site's list prices (the spec's "Hajj 2026"),
      // which no provider charged on Nusuk Hajj, so no label may present them as what a season cost
      // (decisions.md, fifth round). `label` goes beside each Hajj figure, with `hajj.nusukPrices`.
      indicativePrices: {
        text: 'our former list prices, which are not Nusuk Hajj prices',
        label: 'our former list price, not a Nusuk Hajj price',
      },
      // How Nusuk Hajj prices relate to those figures: said wherever a Hajj figure is shown.
      nusukPrices: {
        text: 'Nusuk Hajj packages for pilgrims from Western countries have often cost two or three times our former list prices',
        watch: ['two or three times'],
      },
      // Who may go: the Ministry's health conditions and child age limit as announced for 1447.
      eligibility: {
        text: 'the Saudi authorities refuse Hajj to pilgrims with certain serious health conditions, ask every pilgrim for a medical fitness certificate and, for the last two seasons, did not admit children under 12',
        announcedFor: 1447,
        childMinAge: 12,
        // Each condition with where it was published: the Ministry's list as MUIS gives it, or the
        // press reports of the 1447 categories where MUIS does not carry an item.
        conditions: [
          {
            text: 'kidney failure needing dialysis, heart failure with symptoms on light effort, lung disease needing oxygen, or advanced liver cirrhosis',
            source: 'https://ask.gov.sg/muis/questions/cmh4nmntw00ep13ynfcgjrd0y',
            sourceName: 'MUIS',
          },
          {
            text: 'severe neurological or psychiatric illness that affects judgment or movement, and dementia in old age',
            source: 'https://ask.gov.sg/muis/questions/cmh4nmntw00ep13ynfcgjrd0y',
            sourceName: 'MUIS',
          },
          {
            text: 'dependence on a wheelchair for everything or on continuous help from another person (reported for 1447 AH; the Ministry list speaks of significant motor disabilities)',
            source:
              'https://www.theweek.in/news/middle-east/2026/01/09/hajj-pilgrimage-saudi-government-declares-6-categories-of-people-ineligible.html',
            sourceName: 'The Week, 9 January 2026',
          },
          {
            text: 'pregnancy in its last three months, or a high-risk pregnancy at any stage',
            source: 'https://ask.gov.sg/muis/questions/cmh4nmntw00ep13ynfcgjrd0y',
            sourceName: 'MUIS',
          },
          {
            text: 'active infectious disease such as tuberculosis',
            source: 'https://ask.gov.sg/muis/questions/cmh4nmntw00ep13ynfcgjrd0y',
            sourceName: 'MUIS',
          },
          {
            text: 'cancer under chemotherapy or immunotherapy (reported for 1447 AH)',
            source: 'https://english.bd-voice.com/international/faecd4e3/detail',
            sourceName: 'Bangladeshi press report',
          },
        ],
        certificate:
          'a medical certificate from their own doctor confirming they are fit for Hajj, which Saudi teams may check on arrival; a pilgrim found unfit can be sent home at their own cost (as reported for 1447 AH)',
        certificateSource: 'https://english.bd-voice.com/international/faecd4e3/detail',
        source: 'https://ask.gov.sg/muis/questions/cmh4nmntw00ep13ynfcgjrd0y',
        sourceName: "the Ministry of Hajj and Umrah's list, as published by Singapore's Islamic council (MUIS)",
      },
      // Tawaf al-wada' and who is excused.
      farewellTawaf: {
        text: "before leaving Makkah pilgrims perform the farewell tawaf, tawaf al-wada'; women in menstruation or post-natal bleeding are excused from it",
        watch: ['every pilgrim performs the farewell tawaf'],
      },
    },
    health: {
      // Meningococcal ACWY: what the Saudi Ministry of Health and GACA last stated, per trip type.
      // Umrah: the Ministry's requirement from February 2025 was suspended for airline checks by
      // GACA on 6 February 2025, and the Ministry still recommends the vaccine; Hajj: required.
      acwy: {
        text: 'for Hajj the Saudi Ministry of Health requires the meningitis (ACWY) vaccine, given at least 10 days before arrival; for Umrah it is recommended but not checked, since a requirement announced for February 2025 was suspended within the week',
        daysBeforeArrival: 10,
        conjugateYears: 5,
        polysaccharideYears: 3,
        checked: '2026-11-28',
        umrah: {
          text: 'the Saudi Ministry of Health recommends the meningitis (ACWY) vaccine for Umrah, given at least 10 days before arrival; a requirement announced for February 2025 was suspended for airline checks within the week, so airlines no longer check for the certificate, though the rule can return at short notice',
          status: 'recommended',
          source:
            'https://www.khaleejtimes.com/world/gulf/saudi-arabia-scraps-meningitis-vaccine-requirement-for-umrah-travellers',
          sourceName: 'Khaleej Times on the civil aviation authority (GACA) circular of 6 February 2025',
        },
        hajj: {
          text: 'the Saudi Ministry of Health requires every Hajj pilgrim over 2 years old to carry a certificate of the quadrivalent meningitis (ACWY) vaccine, given at least 10 days before arrival; a conjugate vaccine counts for 5 years and a polysaccharide one for 3, and a certificate that does not name the type counts for 3',
          status: 'required',
          minAgeYears: 2,
          source:
            'https://www.moh.gov.sa/en/Hajj/HealthGuidelines/HealthGuidelinesDuringHajj/Pages/MeningococcalMeningitis.aspx',
          sourceName: 'the Saudi Ministry of Health, Hajj health regulations',
        },
      },
    },
    zamzam: {
      // A Saudi airport rule, not an airline policy.
      rule: {
        text: 'Saudi airport rules let each departing passenger on an Umrah or Hajj visa, or with a Nusuk Umrah booking, take one sealed 5-litre bottle from the official Zamzam outlets; check at Jeddah or Madinah check-in, and recheck it if you connect to a domestic US flight',
        litres: 5,
        watch: ['Most airlines allow each passenger one sealed Zamzam container'],
      },
    },
    budget: {
      // Our rounded estimates per person for spending the packages do not cover (the costs guide's
      // sample budget); figures the catalogue cannot back, so copy reads them as budget.* facts.
      mealsPerDay: { low: 20, high: 40 },
      taxisPerWeek: { low: 40, high: 100 },
      dataPlan: { low: 20, high: 40 },
      gifts: { low: 100, high: 300 },
      vaccine: { low: 100, high: 200 },
    },
    weather: {
      // Average daily high and low in °C (climate normals; December from its own normals).
      months: {
        january: { makkah: { high: 31, low: 19 }, madinah: { high: 24, low: 12 } },
        february: { makkah: { high: 32, low: 19 }, madinah: { high: 27, low: 14 } },
        march: { makkah: { high: 35, low: 21 }, madinah: { high: 31, low: 17 } },
        april: { makkah: { high: 38, low: 24 }, madinah: { high: 35, low: 21 } },
        may: { makkah: { high: 42, low: 27 }, madinah: { high: 40, low: 26 } },
        june: { makkah: { high: 44, low: 28 }, madinah: { high: 43, low: 29 } },
        july: { makkah: { high: 43, low: 29 }, madinah: { high: 43, low: 29 } },
        august: { makkah: { high: 43, low: 29 }, madinah: { high: 44, low: 30 } },
        september: { makkah: { high: 43, low: 28 }, madinah: { high: 42, low: 28 } },
        october: { makkah: { high: 40, low: 26 }, madinah: { high: 37, low: 23 } },
        november: { makkah: { high: 35, low: 23 }, madinah: { high: 30, low: 18 } },
        december: { makkah: { high: 32, low: 20 }, madinah: { high: 26, low: 13 } },
      },
      watch: ['15 to 25 °C', '15-25 °C', '15–25 °C', 'mildest month'],
    },
    hotels: {
      // Distance bands per star, as the catalogue's packages carry them.
      threeStar: {
        text: '3-star hotels 800 m to 1.5 km from the Haram',
        band: '800 m - 1.5 km',
      },
      fourStar: {
        text: '4-star hotels 400 to 800 m from the Haram',
        band: '400 - 800 m',
      },
      fiveStar: {
        text: '5-star hotels 200 to 400 m from the Haram',
        band: '200 - 400 m',
        watch: ['200 to 400 meters'],
      },
      premium: { text: '5-star hotels at the gates of the Haram', band: 'adjacent' },
      // City packages marked "Deluxe".
      deluxeUpgrade: {
        text: 'a Deluxe package moves you one distance band closer to the Haram at the same star rating',
      },
    },
    booking: {
      // The agency's early-booking offer.
      earlyBird: {
        text: 'an early-booking discount of up to 15% on selected departures booked well ahead',
        maxPercent: 15,
        watch: ['up to 15%'],
      },
      // When to book Ramadan: no fixed lead time, which the coming season can make impossible.
      ramadan: {
        text: `ask us as early as you can, because rooms near the Haram fill months ahead of Ramadan, expected from about ${formatDayRange(seasons.ramadan.start)}`,
        watch: ['six to eight months', '6 to 8 months', '6-8 months'],
      },
      // When to book the December holidays.
      december: {
        text: 'ask us as soon as you know your dates, because the December school holidays are the first weeks to fill',
        watch: ['three to four months ahead for the December'],
      },
    },
    transfers: {
      // Transfer type per tier.
      // `short` names the kind in a table cell or a list, where the full sentence reads as pasted.
      economy: { text: 'shared air-conditioned coach transfers with your group', short: 'Shared coach' },
      standard: { text: 'shared air-conditioned coach transfers with your group', short: 'Shared coach' },
      deluxe: {
        text: 'shared air-conditioned coach transfers with your smaller group',
        short: 'Shared coach, smaller group',
      },
      premium: { text: 'private car transfers for your family', short: 'Private car' },
      // City, Ramadan and December departures travel as a group.
      group: { text: 'shared air-conditioned coach transfers with your group' },
    },
    insurance: {
      // One insurance statement everywhere (decisions.md).
      policy: {
        text: 'the health cover that comes with the Saudi visa is included; comprehensive travel insurance (cancellation, baggage, pre-existing conditions) is optional and arranged on request',
      },
      included: { text: 'the health cover that comes with the Saudi visa' },
      optional: {
        text: 'comprehensive travel insurance (cancellation, baggage, pre-existing conditions), optional and arranged on request',
      },
    },
    payment: {
      // Credit cards only, at most 3%, never debit or prepaid, kept by the agency; never more than
      // the paying family's state allows (`states`: 0 bans it). Counsel should confirm the list.
      cardFee: {
        percent: 3,
        watch: ['4% card charge', 'payable to the bank', 'same 4% charge'],
        checked: '2026-12-06',
        states: [
          {
            code: 'CT',
            name: 'Connecticut',
            percent: 0,
            law: 'CT Gen Stat sec. 42-133ff',
            source: 'https://blog.payjunction.com/credit-card-surcharge-laws-by-state-considerations-for-merchants',
            sourceName: 'PayJunction, credit card surcharge laws by state',
          },
          {
            code: 'ME',
            name: 'Maine',
            percent: 0,
            law: 'Me. Rev. Stat. tit. 9-A, sec. 8-509',
            source: 'https://blog.payjunction.com/credit-card-surcharge-laws-by-state-considerations-for-merchants',
            sourceName: 'PayJunction, credit card surcharge laws by state',
          },
          {
            code: 'MA',
            name: 'Massachusetts',
            percent: 0,
            law: 'Mass. Gen. Laws ch. 140D, sec. 28A',
            source: 'https://blog.payjunction.com/credit-card-surcharge-laws-by-state-considerations-for-merchants',
            sourceName: 'PayJunction, credit card surcharge laws by state',
          },
          {
            code: 'CO',
            name: 'Colorado',
            percent: 2,
            law: 'C.R.S. sec. 5-2-212',
            source: 'https://bassberry.com/news/colorado-surcharge-ban',
            sourceName: 'Bass, Berry & Sims, Colorado surcharge law',
          },
        ],
      },
    },
    rites: {
      // One miqat and intention instruction.
      miqat: {
        text: 'put on ihram clothing before you board the last flight, and make the intention when the crew announce that the plane is approaching the miqat or, if unsure, 15 to 20 minutes earlier; never after it',
      },
    },
  },
});

export const facts = settings.facts;
