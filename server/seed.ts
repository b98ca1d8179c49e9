import { toCentavos } from '../domain/money';
import { computeTotals, memberPriceOf } from '../domain/pricing';
import type { Product } from './context';
import type { Item, Repo } from './repo';
import { ARTICLE_TEXTS } from './seed-articles';
import { OrderStore } from './shop/store';
import { addDays, isoDate, manilaToday } from '../domain/dates';

/**
 * Demo content for every read of spec section 7. The product is invented (DECISIONS.md); its names
 * come from pages.config.json. Dates (articles, promo windows) are computed from the seeding day in
 * Asia/Manila, so the demo never goes stale.
 *
 * Demo identifiers (also listed in the README):
 * - promo codes: WELCOME10 (valid now), EXPIRED10 (ended), FUTURE10 (starts later), OTHERPLAN (valid
 *   now, for the second plan)
 * - merchant slug demo-merchant (id 101), promotion slug demo-promotion (id 201, code UNLOCK2026),
 *   reseller slug demo-reseller (id 301)
 */
export const DEMO = {
  merchant: { id: 101, slug: 'demo-merchant' },
  otherMerchant: { id: 102, slug: 'sampaguita-pharmacy' },
  promotion: { id: 201, slug: 'demo-promotion', code: 'UNLOCK2026', planId: 22 },
  reseller: { id: 301, slug: 'demo-reseller' },
  promoCodes: { valid: 'WELCOME10', expired: 'EXPIRED10', future: 'FUTURE10', otherPlan: 'OTHERPLAN' },
} as const;

export interface SeedOptions {
  now: Date;
  product: Product;
  /** Demo mode: also the demo partners and codes (DEMO_ONLY_RESOURCES). Default true. */
  demo?: boolean;
}

/**
 * Resources that hold demo partners and codes: promo codes, promotions and their codes, merchants,
 * resellers and everything of theirs. A production start (demo off) seeds none of them: real
 * partners and codes are entered by the operator, never invented.
 */
export const DEMO_ONLY_RESOURCES: readonly RegExp[] = [/^promos$/, /^promotion/, /^merchant/, /^reseller/];
export const isDemoOnlyResource = (resource: string) => DEMO_ONLY_RESOURCES.some((pattern) => pattern.test(resource));

const img = (file: string) => ({ main: `/content-images/${file}.svg` });
const styling = (color: string) => JSON.stringify({ color });

const PRIMARY = '#258bf5';
const ACCENT = '#40ecb8';
const INK = '#1f2d3d';

interface BannerInput {
  title: string;
  caption: string;
  image: string;
  look: 'blue' | 'white';
  buttons?: Array<{ label: string; redirect: string; color?: string; image?: string }>;
  reseller_id?: number;
}

function banners(firstId: number, inputs: BannerInput[]): Item[] {
  return inputs.map((b, i) => ({
    id: firstId + i,
    precedence: i + 1,
    title: b.title,
    caption: b.caption,
    background_image: img(b.image),
    styles:
      b.look === 'blue'
        ? { titleColor: '#ffffff', captionColor: '#e8f3ff', backgroundColor: 'blue' }
        : { titleColor: PRIMARY, captionColor: INK, backgroundColor: 'white' },
    buttons: (b.buttons ?? []).map((button) => ({
      label: button.label,
      ...(button.image ? { image: button.image } : {}),
      redirect: button.redirect,
      styling: styling(button.color ?? (b.look === 'blue' ? ACCENT : PRIMARY)),
    })),
    ...(b.reseller_id !== undefined ? { reseller_id: b.reseller_id } : {}),
  }));
}

/** Assigns ids and precedences (10, 20, ... as an editor would, leaving room in between) in the given order. */
function ordered<T extends object>(firstId: number, items: T[], extra: object = {}): Item[] {
  return items.map((item, i) => ({ id: firstId + i, precedence: (i + 1) * 10, ...item, ...extra }));
}

function testimonials(firstId: number, items: Array<[name: string, title: string, ratings: number, caption: string]>): Item[] {
  return ordered(
    firstId,
    items.map(([name, title, ratings, caption]) => ({ name, title, ratings, caption })),
  );
}

/** Article dates: the current year (up to today) and the two before, with several empty months. */
function articleDates(today: string): string[] {
  const [y, m, d] = today.split('-').map(Number);
  const past: Array<[number, number, number]> = [
    [y - 2, 3, 8], [y - 2, 5, 15], [y - 2, 5, 29], [y - 2, 7, 7], [y - 2, 9, 19], [y - 2, 11, 3], [y - 2, 12, 10],
    [y - 1, 1, 14], [y - 1, 2, 3], [y - 1, 2, 21], [y - 1, 4, 9], [y - 1, 6, 2], [y - 1, 6, 18], [y - 1, 8, 27],
    [y - 1, 10, 5], [y - 1, 11, 12], [y - 1, 12, 1],
  ];
  const dates = past.map(([yy, mm, dd]) => isoDate(yy, mm, dd));
  // Current year: six articles in the months up to the current one, never after today.
  const months = [m, m - 1, m - 2, m - 4, m - 6].filter((month) => month >= 1);
  const currentMonthDays = [d, Math.max(1, d - 3), Math.max(1, Math.ceil(d / 2)), 1];
  const fixedDays = [6, 13, 22, 27];
  let k = 0;
  for (const month of months) dates.push(isoDate(y, month, month === m ? currentMonthDays[k++ % 4] : fixedDays[month % 4]));
  while (dates.length < past.length + 6) dates.push(isoDate(y, m, currentMonthDays[k++ % 4]));
  return dates.sort();
}

export function buildSeed({ now, product }: SeedOptions): Record<string, Item[]> {
  const today = manilaToday(now);
  const P = product.name;
  const S = product.short;
  const fill = (text: string) => text.replaceAll('{P}', P);
  const { merchant, otherMerchant, promotion, reseller } = DEMO;

  const articles: Item[] = articleDates(today).map((date, i) => {
    const text = ARTICLE_TEXTS[i % ARTICLE_TEXTS.length];
    const description =
      `<p>${fill(text.lead)}</p>` +
      `<ul>${text.bullets.map((b) => `<li>${fill(b)}</li>`).join('')}</ul>` +
      `<p>${fill(text.close)}</p>` +
      (text.extra ?? '');
    return {
      id: i + 1,
      title: fill(text.title),
      description,
      post_date: date,
      created_at: `${date}T01:30:00.000Z`,
      background_image: img(`article-${(i % 6) + 1}`),
    };
  });

  const steps = (firstId: number, extra: object = {}) =>
    ordered(
      firstId,
      [
        { title: 'Fill out the form', caption: 'Choose your plan, add it to your cart and fill out the billing form with the details of the buyer.', background_image: img('step-1') },
        { title: 'Pay', caption: 'Pay securely online through our payment partners using a card, e-wallet or online banking.', background_image: img('step-2') },
        { title: 'Wait for confirmation', caption: 'Within two banking days you receive an e-mail with a unique access key and activation code for every member.', background_image: img('step-3') },
        { title: 'Activate your access key and activation code', caption: 'Enter the access key and activation code on the Key Assignment page. Once activated, you can call a doctor anytime.', background_image: img('step-4') },
      ],
      extra,
    );

  const plan = (
    id: number,
    precedence: number,
    name: string,
    price: number,
    noKeys: number,
    description: string,
    perMember: number | null,
    discount = 0,
    reseller_id?: number,
  ): Item => ({
    id,
    precedence,
    name,
    price,
    discount,
    description,
    no_key_generate: noKeys,
    other_details: perMember === null ? null : { applyDetails: perMember > 0, amountPerHousehold: perMember },
    ...(reseller_id !== undefined ? { reseller_id } : {}),
  });

  const resellerDetails = {
    name: 'Bayanihan Care Network',
    logo: '/content-images/logo-demo-reseller.svg',
    primaryColor: '#7b3fe4',
    accentColor: '#ffb020',
    tagline: 'Your community, your doctor.',
  };

  return {
    // ---- Banners (one list per screen) -------------------------------------------------------
    'home-sliders': banners(1, [
      {
        title: 'Talk to a doctor anytime, anywhere',
        caption: 'Unlimited teleconsultation for you and your family for one whole year. Licensed doctors are a call away, 24 hours a day, 7 days a week.',
        image: 'banner-home',
        look: 'blue',
        buttons: [
          { label: 'Buy a plan', redirect: '/shop' },
          { label: 'Get the app', redirect: `/${S}-app`, color: '#ffffff' },
        ],
      },
      {
        title: 'Care that comes to you',
        caption: 'No traffic, no queues, no waiting rooms. Get medical advice, e-prescriptions and medical certificates from home.',
        image: 'banner-home-2',
        look: 'white',
        buttons: [{ label: 'Request a callback', redirect: '/callback' }],
      },
    ]),
    'shop-sliders': banners(11, [
      {
        title: 'Unlimited teleconsultation for one year',
        caption: 'One prepaid plan, no per-call fees. Choose a plan for yourself, your parents or your whole household.',
        image: 'banner-shop',
        look: 'blue',
        buttons: [{ label: 'Activate a key', redirect: '/shop/assignment' }],
      },
      {
        title: 'Protect the whole family',
        caption: 'Household plans cover you, your spouse and your dependents, each with their own access key.',
        image: 'banner-home-2',
        look: 'white',
      },
    ]),
    'shop-checkout-sliders': banners(21, [
      {
        title: 'Almost there',
        caption: 'Fill out your billing details and pay securely. Your access keys arrive by e-mail within two banking days.',
        image: 'banner-shop-checkout',
        look: 'white',
        buttons: [{ label: 'Have a promo code?', redirect: '#promo' }],
      },
    ]),
    'shop-assignment-sliders': banners(31, [
      {
        title: 'Activate your plan',
        caption: 'Enter the access key and activation code from your confirmation e-mail to register each member.',
        image: 'banner-shop-assignment',
        look: 'blue',
        buttons: [{ label: 'Back to shop', redirect: '/shop' }],
      },
      {
        title: 'Assign keys to your household',
        caption: 'Each member gets their own key. Activate them all in one go.',
        image: 'banner-home-2',
        look: 'white',
      },
    ]),
    'contact-us-sliders': banners(41, [
      {
        title: "We'd love to hear from you",
        caption: 'Questions about plans, partnerships or your account? Send us a message and our team will get back to you within one business day.',
        image: 'banner-contact-us',
        look: 'white',
      },
    ]),
    'callback-sliders': banners(51, [
      {
        title: 'Need to talk to a doctor?',
        caption: 'Leave your number and a doctor from our Telemedicine Center will call you back.',
        image: 'banner-callback',
        look: 'blue',
      },
    ]),
    'app-sliders': banners(61, [
      {
        title: 'Your doctor in your pocket',
        caption: `Download the ${P} app to book calls, receive e-prescriptions and keep your medical certificates in one place.`,
        image: 'banner-app',
        look: 'blue',
        buttons: [
          { label: 'Get it on Android', redirect: 'https://play.google.com/store/apps', image: '/content-images/badge-google-play.svg', color: '#ffffff' },
          { label: 'Download for iOS', redirect: 'https://apps.apple.com/', image: '/content-images/badge-app-store.svg', color: '#ffffff' },
        ],
      },
      {
        title: 'Video consultations, wherever you are',
        caption: 'See and talk to a licensed doctor from home, from the office or while travelling.',
        image: 'banner-video',
        look: 'white',
      },
    ]),
    'career-sliders': banners(71, [
      {
        title: 'Join a team that heals',
        caption: 'Doctors, nurses, engineers and customer-care specialists working together to make healthcare easy for every Filipino.',
        image: 'banner-career',
        look: 'white',
      },
    ]),
    'video-sliders': banners(81, [
      {
        title: 'See a doctor by video',
        caption: 'Schedule a video consultation, talk to a doctor face to face and receive your certificate by e-mail.',
        image: 'banner-video',
        look: 'blue',
        buttons: [{ label: 'Get a plan', redirect: '/shop' }],
      },
    ]),
    'privacy-policy-sliders': banners(91, [
      {
        title: 'Your privacy matters',
        caption: 'How we collect, use and protect your personal and health information.',
        image: 'banner-privacy-policy',
        look: 'white',
      },
    ]),
    'business-sliders': banners(101, [
      {
        title: 'Healthier teams, stronger business',
        caption: 'Give your employees and their families round-the-clock access to doctors. Plans for teams of every size.',
        image: 'banner-business',
        look: 'blue',
        buttons: [{ label: 'Contact us', redirect: '/contact' }],
      },
    ]),
    'about-us-sliders': banners(111, [
      {
        title: 'Innovative healthcare made easy.',
        caption: `More than twenty-five years of telemedicine experience, now serving families across the Philippines.`,
        image: 'banner-about-us',
        look: 'white',
      },
    ]),
    'merchant-shop-sliders': [
      ...banners(121, [
        {
          title: 'Exclusive plans at Demo Merchant',
          caption: 'Buy two or more plans for your family or staff and enjoy merchant-only prices.',
          image: 'banner-merchant-shop',
          look: 'blue',
          buttons: [
            { label: 'See plans', redirect: '#plans' },
            { label: 'Activate a key', redirect: '/shop/assignment', color: '#ffffff' },
          ],
          reseller_id: merchant.id,
        },
        {
          title: 'Ask our cashier about telemedicine',
          caption: 'Pay at the counter or online and receive your access keys by e-mail.',
          image: 'banner-merchant-shop-2',
          look: 'white',
          reseller_id: merchant.id,
        },
      ]),
      ...banners(131, [
        {
          title: 'Sampaguita Pharmacy health plans',
          caption: 'Unlimited teleconsultation, available at every Sampaguita branch.',
          image: 'banner-merchant-shop-2',
          look: 'white',
          reseller_id: otherMerchant.id,
        },
      ]),
    ],
    'promotion-shop-sliders': banners(141, [
      {
        title: 'Unlock your exclusive plan',
        caption: 'Enter the promo code you received from your employer or partner to see the plan reserved for you.',
        image: 'banner-promotion-shop',
        look: 'white',
        buttons: [{ label: 'Enter your code', redirect: '#promo' }],
        reseller_id: promotion.id,
      },
    ]),
    'reseller-shop-sliders': banners(151, [
      {
        title: 'Bayanihan Care: a doctor for every member',
        caption: 'Unlimited teleconsultation for cooperative members and their families, at community prices.',
        image: 'banner-reseller-shop',
        look: 'blue',
        buttons: [{ label: 'See plans', redirect: '#plans' }],
        reseller_id: reseller.id,
      },
      {
        title: 'Activate your membership key',
        caption: 'Already paid? Activate your access key and activation code in a few steps.',
        image: 'banner-reseller-shop-2',
        look: 'white',
        buttons: [{ label: 'Activate now', redirect: `/shop/reseller/assignment/${reseller.slug}` }],
        reseller_id: reseller.id,
      },
    ]),

    // ---- Steps, testimonials, footer -----------------------------------------------------------
    'how-it-works': steps(1),
    'reseller-how-it-works': steps(11, { reseller_id: reseller.id }),
    'home-testimonials': testimonials(1, [
      ['Maricel Dela Cruz', 'Mother of two, Quezon City', 5, `My youngest had a fever at three in the morning. Instead of rushing to the emergency room, I called ${P}. The doctor calmly walked me through what to watch for, and by morning the fever was down. I felt so much less alone that night.`],
      ['Ramon Villanueva', 'Jeepney operator, Batangas', 5, 'Quick, friendly and no travel. I got my maintenance medicine renewed in ten minutes.'],
      ['Liza Fernandez', 'Call-centre agent, Pasig', 4, 'I work the night shift, so clinics are always closed when I am free. Being able to talk to a doctor at any hour changed everything for me.'],
      ['Ernesto Bautista', 'Retired teacher, Iloilo', 5, `My daughter in Dubai bought a plan for me and my wife. We call whenever our blood pressure readings look strange, and the doctors always take the time to explain things clearly and patiently. It gives our whole family peace of mind, even from far away.`],
    ]),
    'shop-testimonials': testimonials(11, [
      ['Joanna Reyes', 'Small business owner, Cebu City', 5, 'Buying the family plan took five minutes, and the keys arrived the next day. Now my husband, our kids and I can all call a doctor whenever we need to, without worrying about consultation fees.'],
      ['Paolo Mendoza', 'Freelance designer, Davao City', 4, 'Worth every peso. I have used it for colds, a sprained ankle and a medical certificate for a client.'],
      ['Grace Tan', 'Nurse, Makati', 5, `As a nurse I was sceptical at first, but the ${P} doctors are thorough and honest about when you really need to go to a clinic. I recommend the plan to my patients and to my own parents, who use it every month. Knowing a doctor is always one call away has made our whole family calmer.`],
    ]),
    'job-testimonials': testimonials(21, [
      ['Dr. Angela Ramos', 'Telemedicine physician', 5, 'I joined because I wanted to reach patients who cannot easily see a doctor. Every shift I talk to people from Batanes to Tawi-Tawi, and I know I made their day a little easier. The flexible schedule lets me keep my clinic practice too.'],
      ['Mark Anthony Lim', 'Software engineer', 5, 'Small team, real impact, and a product my own family uses.'],
      ['Katrina Soriano', 'Customer care lead', 4, 'I started as an agent and now lead a team of twelve. The company invests in training and really listens to ideas from the floor.'],
      ['Jerome Aquino', 'Registered nurse, triage', 5, `The people here care about each other as much as they care about our members. When I had a family emergency, my team covered my shifts without a second thought. That is why I joined ${P}, and it is why I stay.`],
    ]),
    'business-testimonials': testimonials(31, [
      ['Cristina Navarro', 'HR Director, Alon BPO Services', 5, `Since we added ${P} to our benefits, sick-leave days have dropped noticeably and our agents tell us it is one of the perks they value most. Onboarding three hundred employees took less than a week, and the account team was responsive throughout.`],
      ['Benjamin Cruz', 'Operations Manager, Habagat Logistics', 4, 'Our drivers are on the road all day. Now they can consult a doctor from the truck stop.'],
      ['Teresa Gomez', 'General Manager, Kaagapay Cooperative', 5, 'Our members in the province finally have a doctor they can reach. The household plans fit their budgets.'],
    ]),
    footers: [
      {
        id: 1,
        values: {
          contacts: [
            { label: 'Globe', numbers: ['0917 555 0123', '0917 555 0456'] },
            { label: 'Smart', numbers: ['0918 555 0789'] },
            { label: 'PLDT', numbers: ['(02) 8555 0100', '(02) 8555 0101'] },
          ],
        },
      },
    ],

    // ---- App screen -----------------------------------------------------------------------------
    'feature-parallaxes': ordered(1, [
      { title: 'Teleconsultation', description: 'Talk to a licensed doctor by phone or video, day or night. Most calls are answered within minutes.', background_image: img('feature-1') },
      { title: 'E-Prescription', description: 'Receive a signed electronic prescription right after your consultation, accepted by pharmacies nationwide.', background_image: img('feature-2') },
      { title: '24/7 access to a doctor', description: 'Our Telemedicine Center never closes, including weekends and holidays.', background_image: img('feature-3') },
      { title: 'Medical certificates', description: 'Need a certificate for school or work? The doctor issues it during the call and sends it by e-mail.', background_image: img('feature-4') },
      { title: 'One plan for the household', description: 'Add your spouse, children or parents and manage everyone\'s access from one account.', background_image: img('feature-5') },
    ]),
    faqs: ordered(1, [
      { question: `What is ${P}?`, answer: `${P} is a telemedicine service that lets you talk to licensed doctors by phone or video, 24 hours a day, 7 days a week, for a fixed yearly price.` },
      { question: 'How many times can I call a doctor?', answer: 'As many times as you need. The plan includes unlimited teleconsultations for one year from activation.' },
      { question: 'Who are the doctors?', answer: 'All our doctors are licensed by the Professional Regulation Commission and trained in teleconsultation. Many also practise in hospitals and clinics.' },
      { question: 'Can I get a prescription?', answer: 'Yes. When medicine is needed, the doctor sends an e-prescription to your registered e-mail address right after the call.' },
      { question: 'Is this a replacement for emergency care?', answer: 'No. In an emergency, call 911 or go to the nearest hospital. The plan is not for immediate medical care at the time of purchase.' },
      { question: 'When do I receive my access key?', answer: 'Within two banking days after payment, we send an e-mail with a unique access key and activation code for every member of the plan.' },
      { question: 'Can I transfer my plan to someone else?', answer: 'No. Plans are non-transferable and can only be used by the member they are assigned to.' },
    ]).concat([
      // Added later by an editor between the second and third question: lists sort by precedence, not id.
      { id: 8, precedence: 25, question: 'Can I use the plan while travelling abroad?', answer: 'You can call our Telemedicine Center from anywhere, but e-prescriptions and medical certificates are issued for use in the Philippines.' },
    ]),

    // ---- Media, careers, video, privacy, business, about ----------------------------------------
    articles,
    jobs: [
      { title: 'Telemedicine Physician', division: 'Medical', location: 'Remote (Philippines)', description: 'Consult patients by phone and video, issue e-prescriptions and medical certificates, and refer patients to specialists when needed.\n\nRequirements: licensed physician (PRC), at least two years of clinical practice, excellent communication in English and Filipino. Day, night and weekend shifts available.', image: 'job-1' },
      { title: 'Registered Nurse, Triage', division: 'Medical', location: 'Makati City', description: 'Take first calls at the Telemedicine Center, record symptoms, assess urgency and connect callers to the right doctor.\n\nRequirements: registered nurse with at least one year of hospital or emergency experience; comfortable with shift work.', image: 'job-2' },
      { title: 'Customer Care Representative', division: 'Operations', location: 'Makati City', description: 'Help members and buyers with plans, payments and key activation by phone, e-mail and chat.\n\nRequirements: at least one year of customer-service experience, clear written and spoken English and Filipino, patience and empathy.', image: 'job-3' },
      { title: 'Full-Stack Software Engineer', division: 'Technology', location: 'Taguig City (hybrid)', description: 'Build and run the web shop, the member app and the tools our doctors use every day, with TypeScript, React and Node.js.\n\nRequirements: three years of professional experience, a habit of writing tests, and interest in healthcare.', image: 'job-1' },
      { title: 'Partnerships Manager', division: 'Business Development', location: 'Makati City', description: 'Develop partnerships with employers, insurers, cooperatives and merchants, from the first meeting to launch.\n\nRequirements: five years in B2B sales or partnerships, ideally in insurance or healthcare.', image: 'job-2' },
      { title: 'Data Protection Officer', division: 'Legal and Compliance', location: 'Makati City', description: 'Own our privacy programme under the Data Privacy Act of 2012: policies, assessments, training and requests from data subjects.\n\nRequirements: law or compliance background, certification in data privacy is a plus.', image: 'job-3' },
      { title: 'Digital Marketing Specialist', division: 'Marketing', location: 'Cebu City', description: 'Plan and run campaigns across social media, search and e-mail; write health content with our medical team.\n\nRequirements: two years in digital marketing, strong writing skills, analytical mindset.', image: 'job-1' },
    ].map(({ image, ...job }, i) => ({ id: i + 1, ...job, background_image: img(image) })),
    'video-descriptions': ordered(1, [
      { title: 'Face-to-face, from anywhere', caption: 'A video consultation lets the doctor see you, your symptoms and your surroundings, just like in a clinic.' },
      { title: 'Safe and private', caption: 'Calls are encrypted and never recorded. Only you and the doctor are in the conversation.' },
      { title: 'Certificate included', caption: 'After the call you receive a Certificate of Medical Teleconsultation by e-mail, accepted by most schools and employers.' },
    ]),
    'data-privacies': ordered(1, [
      { title: 'Information we collect', description: 'We collect the personal information you give us when you buy a plan, activate an access key or contact us: name, birthdate, sex, contact details and address. During consultations, doctors record the health information needed to treat you.' },
      { title: 'How we use your information', description: 'We use your information to provide teleconsultations, to process payments, to send access keys and service messages, and to meet our legal obligations. We do not use health information for marketing.' },
      { title: 'Sharing of information', description: 'We share information only with the doctors who treat you, with payment partners to process your purchase, and with authorities when the law requires it. We never sell personal data.' },
      { title: 'Storage and security', description: 'Your information is stored on secured servers, encrypted in transit and at rest, and accessible only to authorised staff on a need-to-know basis.' },
      { title: 'Retention', description: 'We keep medical records for the period required by Philippine regulations and delete or anonymise other personal data when it is no longer needed.' },
      { title: 'Your rights', description: 'Under the Data Privacy Act of 2012 you may access, correct, object to the processing of, and request the deletion of your personal data. Contact our Data Protection Officer to exercise these rights.' },
    ]),
    partners: ordered(1, [
      { name: 'Tala Assurance', url: 'https://example.com/partners/tala-assurance', background_image: img('partner-1') },
      { name: 'Habagat Logistics', url: 'https://example.com/partners/habagat-logistics', background_image: img('partner-2') },
      { name: 'Bituin Retail Group', url: 'https://example.com/partners/bituin-retail', background_image: img('partner-3') },
      { name: 'Alon BPO Services', url: 'https://example.com/partners/alon-bpo', background_image: img('partner-4') },
      { name: 'Kaagapay Cooperative', url: 'https://example.com/partners/kaagapay', background_image: img('partner-5') },
      { name: 'Liwanag Schools', url: 'https://example.com/partners/liwanag-schools', background_image: img('partner-6') },
    ]),
    'about-us-sections': ordered(1, [
      { title: 'What is Telemedicine', description: 'Telemedicine is the delivery of medical care at a distance, by phone or video. A licensed doctor listens to your concerns, asks the right questions, gives medical advice and, when needed, issues an e-prescription or refers you to a clinic or specialist. It saves time, avoids unnecessary travel and brings a doctor to people wherever they are.', background_image: img('about-1') },
      { title: `This is ${P}`, description: `${P} was founded in 1998 in Switzerland as one of the first telemedicine centres in Europe. Today it operates in Switzerland, the Middle East, India and the Philippines, where a team of Filipino doctors and nurses answers calls around the clock.`, background_image: img('about-2') },
      { title: 'Our Mission', description: 'Innovative healthcare made easy.', background_image: img('about-3') },
      { title: 'Our Values', description: 'Care: we treat every caller as we would treat our own family. Quality: our doctors follow clear medical guidelines and are reviewed regularly. Trust: we protect your privacy and tell you honestly when you need to see a doctor in person. Access: we keep our plans affordable so that more Filipinos can reach a doctor.', background_image: img('about-4') },
      { title: 'Awards', description: 'Our teams have been recognised for innovation in digital health and for excellence in customer care, in Europe and in Asia. We see every award as a promise to keep improving.', background_image: img('about-5') },
    ]),
    'tele-treatments': ordered(1, [
      { title: 'Chronic care follow-up', description: 'Regular calls for members with hypertension, diabetes or asthma: review of readings, medicine renewal and lifestyle advice between clinic visits.', background_image: img('treatment-1') },
      { title: 'After-discharge support', description: 'A doctor calls you in the days after a hospital stay to check your recovery, answer questions about medicines and spot warning signs early.', background_image: img('treatment-2') },
      { title: 'Wellness coaching', description: 'Guidance on weight, sleep, smoking and stress, with small goals that a doctor follows up with you over several weeks.', background_image: img('treatment-3') },
    ]),
    'terms-and-conditions': [
      {
        id: 1,
        slug: S,
        title: `${P} Terms and Conditions`,
        description:
          `<p>These terms govern the use of the ${P} teleconsultation service. By activating an access key you agree to them.</p>` +
          '<p><strong>1. The service.</strong> Members may consult licensed doctors by phone or video for medical advice, e-prescriptions and medical certificates. The service does not replace emergency care.</p>' +
          '<p><strong>2. Eligibility.</strong> The service is available to residents of the Philippines. Minors are consulted in the presence of a parent or guardian.</p>' +
          '<ul><li>Keep your access key and activation code confidential.</li><li>Provide accurate information during consultations.</li><li>Use the service only for yourself as the assigned member.</li></ul>' +
          '<p><strong>3. Privacy.</strong> Personal and health information is processed in accordance with our Data Privacy Policy and the Data Privacy Act of 2012.</p>' +
          '<p><strong>4. Limitation.</strong> Doctors may advise an in-person consultation when a condition cannot be assessed at a distance.</p>',
      },
      {
        id: 2,
        slug: `${S}-shop`,
        title: `${P} Shop Terms and Conditions`,
        description:
          `<p>These terms apply to purchases of prepaid ${P} plans through this web shop.</p>` +
          '<p><strong>1. Plans and prices.</strong> Plans give unlimited teleconsultation for one year from activation. Prices are in Philippine pesos per year, exclusive of 12% VAT, which is added at checkout.</p>' +
          '<p><strong>2. Delivery.</strong> Within two banking days after payment we send a unique access key and activation code for every member to the e-mail address given at checkout.</p>' +
          '<ul><li>Plans are available to residents of the Philippines only.</li><li>Plans are not intended for immediate medical care at the time of purchase.</li><li>Plans are non-transferable and may only be used by the assigned member.</li></ul>' +
          '<p><strong>3. Promo codes.</strong> A promo code applies to one plan, within its validity period, and cannot be combined with other offers.</p>' +
          '<p><strong>4. Refunds.</strong> Unactivated keys may be refunded within 30 days of purchase upon request to our customer care team.</p>',
      },
    ],

    // ---- Shop: plans and promo codes ------------------------------------------------------------
    'shop-plans': [
      plan(1, 1, 'Individual', 1499.0, 1, 'Unlimited teleconsultation for one person for one year. Ideal for students, professionals and anyone who wants a doctor on call.', null),
      plan(2, 2, 'Individual plus Parents', 2999.0, 3, 'One plan for you and both of your parents: three members, unlimited calls, one yearly price.', 0),
      plan(3, 3, 'Family', 5999.0, 4, 'You and your spouse plus up to four dependents. Extra household members can be added at a yearly price per member.', 999.0),
      plan(4, 4, 'Family plus Employees', 9999.0, 10, 'For family businesses: you, your spouse and up to ten dependents or household employees, all 18 years and above.', 799.0, 500.0),
    ],
    promos: [
      { id: 1, name: 'Welcome offer', code: DEMO.promoCodes.valid, discount: 149.9, valid_start: addDays(today, -30), valid_end: addDays(today, 60), shop_plan_id: 1 },
      { id: 2, name: 'Last season offer', code: DEMO.promoCodes.expired, discount: 149.9, valid_start: addDays(today, -90), valid_end: addDays(today, -10), shop_plan_id: 1 },
      { id: 3, name: 'Coming soon offer', code: DEMO.promoCodes.future, discount: 149.9, valid_start: addDays(today, 10), valid_end: addDays(today, 100), shop_plan_id: 1 },
      { id: 4, name: 'Parents plan offer', code: DEMO.promoCodes.otherPlan, discount: 299.9, valid_start: addDays(today, -7), valid_end: addDays(today, 83), shop_plan_id: 2 },
    ],

    // ---- Merchant shops -------------------------------------------------------------------------
    merchants: [
      {
        id: merchant.id,
        name: 'Demo Merchant',
        code: 'DEMOMERCH',
        slug: merchant.slug,
        other_details: {
          sources: ['In-store poster', 'Cashier', 'Flyer', 'Merchant Facebook page', 'Friend or family'],
          is_multiple_purchase: true,
          minimum_quantity_purchase: 2,
        },
      },
      {
        id: otherMerchant.id,
        name: 'Sampaguita Pharmacy',
        code: 'SAMPAGUITA',
        slug: otherMerchant.slug,
        other_details: { is_multiple_purchase: false, minimum_quantity_purchase: 1 },
      },
    ],
    'merchant-shop-plans': [
      plan(11, 1, 'Individual (merchant price)', 1299.0, 1, 'Unlimited teleconsultation for one person for one year, at the Demo Merchant price.', null, 0, merchant.id),
      plan(12, 2, 'Family (merchant price)', 4999.0, 4, 'You, your spouse and up to four dependents. Extra household members at a yearly price per member.', 899.0, 0, merchant.id),
      plan(13, 1, 'Individual (pharmacy price)', 1399.0, 1, 'Unlimited teleconsultation for one person for one year, available at Sampaguita Pharmacy.', null, 0, otherMerchant.id),
    ],

    // ---- Promotion (promo-code) shops -----------------------------------------------------------
    promotions: [
      {
        id: promotion.id,
        name: 'Demo Promotion',
        slug: promotion.slug,
        other_settings: { is_multiple_purchase: false, minimum_quantity_purchase: 1 },
      },
    ],
    'promotion-shop-plans': [
      plan(21, 1, 'Individual (partner offer)', 999.0, 1, 'Unlimited teleconsultation for one person for one year, reserved for partner employees.', null, 0, promotion.id),
      plan(22, 2, 'Family (partner offer)', 3999.0, 4, 'You, your spouse and up to four dependents, at a special partner price.', 699.0, 200.0, promotion.id),
    ],
    // Not served as a list: the codes that unlock a promotion plan (POST promotion-shop-plans/check/code).
    'promotion-codes': [{ id: 1, reseller_id: promotion.id, code: promotion.code, shop_plan_id: promotion.planId }],

    // ---- Reseller site --------------------------------------------------------------------------
    resellers: [{ id: reseller.id, slug: reseller.slug, name: 'Demo Reseller', details: JSON.stringify(resellerDetails) }],
    'reseller-shop-plans': [
      plan(31, 1, 'Member', 1199.0, 1, 'Unlimited teleconsultation for one cooperative member for one year.', null, 0, reseller.id),
      plan(32, 2, 'Member plus Parents', 2499.0, 3, 'For a member and both parents: three people, one yearly price.', null, 0, reseller.id),
      plan(33, 3, 'Member Family', 4499.0, 4, 'The member, a spouse and up to four dependents. Extra household members at a yearly price per member.', 749.0, 0, reseller.id),
    ],
    'reseller-terms-and-conditions': [
      {
        id: 1,
        slug: reseller.slug,
        title: 'Bayanihan Care Network Terms and Conditions',
        description:
          `<p>Plans sold by Bayanihan Care Network are provided by ${P}. By buying a plan you also accept the <strong>${P} Terms and Conditions</strong>.</p>` +
          '<ul><li>Plans are available to cooperative members and their households.</li><li>Access keys are sent by e-mail within two banking days after payment.</li><li>Plans are non-transferable.</li></ul>' +
          '<p>Questions about your membership? Ask at your cooperative branch.</p>',
        reseller_id: reseller.id,
      },
    ],
    'reseller-faqs': ordered(
      1,
      [
        { question: 'Who can buy a Bayanihan Care plan?', answer: 'Members of partner cooperatives and their households who live in the Philippines.' },
        { question: 'How do I pay?', answer: 'Pay online at checkout, or at your cooperative branch, which will give you a payment reference.' },
        { question: 'Is it the same service as the regular plan?', answer: `Yes. You talk to the same licensed ${P} doctors, 24/7, with unlimited consultations for one year.` },
        { question: 'I lost my activation e-mail. What should I do?', answer: 'Contact your cooperative branch or our customer care team with your payment reference and we will resend it.' },
      ],
      { reseller_id: reseller.id },
    ),
    'reseller-data-privacies': ordered(
      1,
      [
        { title: 'Who processes your data', description: `Bayanihan Care Network collects your billing details; ${P} processes your medical information as the healthcare provider.` },
        { title: 'What we share', description: 'The cooperative sees only whether your plan is paid and activated, never your consultations.' },
        { title: 'Your rights', description: 'You may access, correct or request deletion of your data by writing to either data protection officer.' },
      ],
      { reseller_id: reseller.id },
    ),
  };
}

/** Seeds the content when the content table is empty (the demo partners and codes only in demo mode). Returns true when it seeded. */
export function seedIfEmpty(repo: Repo, options: SeedOptions): boolean {
  if (repo.count() > 0) return false;
  const data = buildSeed(options);
  const demo = options.demo ?? true;
  repo.db.transaction(() => {
    for (const [resource, items] of Object.entries(data)) {
      if (!demo && isDemoOnlyResource(resource)) continue;
      for (const item of items) repo.insert(resource, item);
    }
    repo.setMeta('seeded_at', options.now.toISOString());
    repo.setMeta('seed_day', manilaToday(options.now));
  })();
  return true;
}

/**
 * Unused demo access keys for the key-assignment screens (also in server/README.md), issued for two
 * seeded demo orders that are already paid: 4 × Individual (plan 1) and 4 × Family (plan 3).
 */
export const DEMO_KEY_ORDERS: ReadonlyArray<{ planId: number; keys: ReadonlyArray<{ accessKey: string; activationCode: string }> }> = [
  {
    planId: 1,
    keys: [
      { accessKey: 'BD-7KQ2-M4XA-P9TW', activationCode: '48201736' },
      { accessKey: 'BD-3HNV-8RZC-T6YE', activationCode: '59312847' },
      { accessKey: 'BD-W5PD-2JGK-A8MS', activationCode: '60423958' },
      { accessKey: 'BD-9TEF-4QBX-N3VR', activationCode: '71534069' },
    ],
  },
  {
    planId: 3,
    keys: [
      { accessKey: 'BD-R2MC-6KWH-E7UP', activationCode: '82645170' },
      { accessKey: 'BD-5GYA-9NDT-J4QZ', activationCode: '93756281' },
      { accessKey: 'BD-X8VB-3SFM-C2KD', activationCode: '14867392' },
      { accessKey: 'BD-P6ZJ-7HRW-G5NA', activationCode: '25978403' },
    ],
  },
];

const DEMO_BUYER = {
  country: 'PH',
  first_name: 'Demo',
  last_name: 'Buyer',
  address1: '1 Demo Street',
  city: 'Makati',
  state: 'Metro Manila',
  zip: '1200',
  phone_number: '09170000000',
  email: 'demo.buyer@example.com',
  confirm_email: 'demo.buyer@example.com',
  birthdate: '1990-01-01',
  sex: 'female',
  agree: true,
};

/** Seeds the demo paid orders and their unused keys once per database (demo mode). Returns true when it seeded. */
export function seedDemoKeys(repo: Repo, options: SeedOptions): boolean {
  if (repo.getMeta('demo_keys_seeded') !== undefined) return false;
  const store = new OrderStore(repo.db);
  const createdAt = options.now.toISOString();
  repo.db.transaction(() => {
    for (const group of DEMO_KEY_ORDERS) {
      const plan = repo.get<Item & { name: string; price: number; discount: number; other_details: null }>('shop-plans', group.planId);
      if (!plan) continue;
      const quantity = group.keys.length;
      const totals = computeTotals({
        price: toCentavos(plan.price),
        discount: toCentavos(plan.discount),
        quantity,
        memberPrice: memberPriceOf(plan.other_details, toCentavos),
        memberQuantity: 0,
      });
      const order = store.create({
        kind: 'standard',
        planId: plan.id,
        planName: plan.name,
        resellerId: null,
        quantity,
        members: 0,
        promoId: null,
        totals,
        billing: { ...DEMO_BUYER },
        email: DEMO_BUYER.email,
        createdAt,
        expiresAt: null,
        status: 'paid',
      });
      store.addKeys(order.id, group.keys, createdAt);
    }
    repo.setMeta('demo_keys_seeded', createdAt);
  })();
  return true;
}
