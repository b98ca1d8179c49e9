/**
 * Media articles of the demo data. `{P}` is replaced by the product's display name. One article
 * carries a <script> element and an onerror attribute on purpose: the site must sanitize article HTML.
 */
export interface ArticleText {
  title: string;
  lead: string;
  bullets: string[];
  close: string;
  /** Raw HTML appended to the body (used once, to exercise the site's sanitizer). */
  extra?: string;
}

export const ARTICLE_TEXTS: ArticleText[] = [
  {
    title: 'Rainy season illnesses: leptospirosis, flu and colds',
    lead: 'The monsoon brings relief from the heat, but it also brings a steady rise in coughs, colds and more serious infections. Our doctors see the same patterns every year, and most of them can be managed early with the right advice.',
    bullets: [
      'Avoid wading through floodwater; if you must, wear boots and wash your feet and legs with soap afterwards.',
      'Fever with muscle pain, especially in the calves, after exposure to floodwater needs a doctor the same day.',
      'Keep paracetamol, oral rehydration salts and a thermometer at home before the first typhoon arrives.',
    ],
    close: 'If you are unsure whether your symptoms need a clinic visit, <strong>call a {P} doctor first</strong>. We will tell you whether home care is enough or where to go next.',
  },
  {
    title: 'Five signs you should call a doctor instead of waiting it out',
    lead: 'Many Filipinos wait until a minor illness becomes a big one, often because a clinic visit means a half-day of travel and queues. A short teleconsultation removes that barrier.',
    bullets: [
      'A fever that lasts more than two days, or any fever in a baby younger than three months.',
      'Shortness of breath, chest tightness or a cough that keeps you awake at night.',
      'Vomiting or diarrhoea that stops you from keeping fluids down.',
    ],
    close: 'Our doctors are available <strong>24 hours a day, 7 days a week</strong>, so there is no need to wait for Monday morning.',
  },
  {
    title: 'How e-prescriptions work',
    lead: 'After a teleconsultation, your doctor may issue an electronic prescription. It carries the doctor\'s name, licence number and signature, and it is accepted by most pharmacies nationwide.',
    bullets: [
      'The e-prescription arrives by e-mail right after your call, usually within minutes.',
      'Show it on your phone or print it; the pharmacist checks the details against the licence number.',
      'Maintenance medicines can be renewed in a follow-up call without another clinic visit.',
    ],
    close: 'Keep your e-prescriptions in one folder so that any doctor you talk to can see <strong>your complete medication history</strong>.',
  },
  {
    title: 'Dengue season: what families should watch for',
    lead: 'Dengue cases in the Philippines peak between June and October. Children are especially at risk, and the warning signs can be subtle in the first days.',
    bullets: [
      'Sudden high fever with headache, pain behind the eyes and joint pain.',
      'Red spots on the skin, bleeding gums or nosebleeds after the fever drops.',
      'Severe abdominal pain, persistent vomiting or unusual sleepiness: go to a hospital right away.',
    ],
    close: 'Search and destroy mosquito breeding sites around your home every week. A doctor on the phone can help you <strong>monitor a feverish child day by day</strong>.',
  },
  {
    title: 'Why companies are adding telemedicine to their employee benefits',
    lead: 'HR managers tell us the same story: employees lose hours, sometimes days, travelling to a clinic for minor complaints. Telemedicine brings the doctor to the desk, or to the bedside at 2 a.m.',
    bullets: [
      'Fewer absences: most consultations take less than fifteen minutes.',
      'Medical certificates and e-prescriptions are issued during the call.',
      'Employees with families can extend the plan to their household members.',
    ],
    close: 'Our business team prepares <strong>plans for teams of ten to several thousand</strong>. Ask us for a quote on the Business page.',
  },
  {
    title: 'Managing hypertension from home',
    lead: 'High blood pressure rarely causes symptoms until it causes damage. Regular home readings and quick check-ins with a doctor are among the most effective ways to stay in control.',
    bullets: [
      'Measure at the same time every morning and evening, after five minutes of rest.',
      'Write your readings down, or photograph the monitor, and share them during your call.',
      'Never stop a maintenance medicine on your own, even when readings look normal.',
    ],
    close: 'A doctor can adjust your treatment plan over the phone and tell you <strong>when a face-to-face check is really needed</strong>.',
  },
  {
    title: 'A guide to your Certificate of Medical Teleconsultation',
    lead: 'Schools and employers increasingly accept a certificate issued after a teleconsultation. Here is what it contains and how to request one.',
    bullets: [
      'Tell the doctor at the start of the call that you need a certificate.',
      'The certificate states the date of consultation, the diagnosis you agree to disclose and the recommended rest days.',
      'It is sent to your registered e-mail address as a signed PDF.',
    ],
    close: 'If your employer has questions about the document, they may contact our Telemedicine Center, <strong>with your consent</strong>.',
  },
  {
    title: 'Mental health check-ins: talking to a doctor is a good first step',
    lead: 'Stress, sleeplessness and low mood are among the most common reasons people call us at night. Talking about them is not a sign of weakness; it is the first step to feeling better.',
    bullets: [
      'Our doctors listen without judgement and help you understand what you are going through.',
      'They can refer you to a psychologist or psychiatrist when specialist care is needed.',
      'If you are in immediate danger, call the national crisis hotline or go to the nearest emergency room.',
    ],
    close: 'Every conversation is <strong>confidential</strong> and recorded only in your private medical file.',
  },
  {
    title: 'Caring for ageing parents from a distance',
    lead: 'Millions of Filipino families live apart: children work in Manila, Cebu or abroad while parents stay in the province. Teleconsultation helps close the distance.',
    bullets: [
      'Add your parents to a household plan so they can call a doctor without asking you first.',
      'Join the call from wherever you are to help explain symptoms or medicines.',
      'Use follow-up calls to keep an eye on chronic conditions between clinic visits.',
    ],
    close: 'Our Individual plus Parents plan was designed for exactly this: <strong>one plan, three people, unlimited calls</strong>.',
  },
  {
    title: 'Travel health tips for the holiday rush',
    lead: 'Long bus rides, crowded terminals and irregular meals make the holidays a busy time for stomach upsets and colds. A little preparation goes a long way.',
    bullets: [
      'Pack a small kit: oral rehydration salts, paracetamol, antihistamines and your maintenance medicines.',
      'Drink bottled or boiled water and choose freshly cooked food.',
      'Save the Telemedicine Center numbers in your phone before you leave.',
    ],
    close: 'Wherever you spend the holidays in the Philippines, <strong>your doctor travels with you</strong>.',
  },
  {
    title: 'Understanding your prepaid unlimited plan',
    lead: 'A {P} plan is a one-year prepaid subscription to unlimited teleconsultation. There are no per-call fees and no waiting periods once your plan is activated.',
    bullets: [
      'After payment you receive an access key and an activation code by e-mail within two banking days.',
      'Activate them on the Key Assignment page to register the member who will use the plan.',
      'Household plans include several members, each with their own access key.',
    ],
    close: 'The plan is <strong>non-transferable</strong> and is used only by the member it is assigned to.',
  },
  {
    title: 'Behind the scenes: a night at the Telemedicine Center',
    lead: 'It is 2 a.m. in Makati and the phones are ringing. Our night team of doctors and nurses answers calls from all over the archipelago, from worried parents to night-shift workers.',
    bullets: [
      'Nurses take the first call, record the symptoms and connect the caller to a doctor.',
      'Doctors consult by phone or video, issue e-prescriptions and follow up the next morning.',
      'A supervising physician reviews every urgent case before the shift ends.',
    ],
    close: 'We asked the team what keeps them going. The answer was the same every time: <strong>the relief in a caller\'s voice</strong>.',
    extra: '<p><img src="/content-images/article-6.svg" alt="The night team" onerror="alert(\'xss\')"></p><script>alert("this script must never run")</script>',
  },
  {
    title: 'Healthy habits for remote and hybrid workers',
    lead: 'Working from home saves commuting time, but it also blurs the line between work and rest. Small daily habits protect your back, your eyes and your sleep.',
    bullets: [
      'Set your screen at eye level and stand up for a few minutes every hour.',
      'Follow the 20-20-20 rule: every 20 minutes, look at something 20 feet away for 20 seconds.',
      'Stop screens an hour before bed and keep a regular wake-up time, even on weekends.',
    ],
    close: 'Persistent headaches, back pain or insomnia deserve a conversation with a doctor. <strong>We are one call away.</strong>',
  },
  {
    title: 'What to prepare before your teleconsultation',
    lead: 'A good teleconsultation starts before the call. A few minutes of preparation help the doctor understand your situation quickly.',
    bullets: [
      'Write down your symptoms, when they started and what you have already taken for them.',
      'Have your maintenance medicines and recent laboratory results within reach.',
      'Find a quiet place with good signal, and keep a pen ready for the doctor\'s advice.',
    ],
    close: 'If you are calling for a child or an older relative, <strong>stay with them during the call</strong>.',
  },
  {
    title: '{P} partners with cooperatives to reach rural members',
    lead: 'Access to a doctor remains difficult in many rural municipalities. Through partnerships with cooperatives, more families can now talk to a doctor without leaving their barangay.',
    bullets: [
      'Cooperative members can buy plans at their branch and pay in instalments.',
      'Community coordinators help first-time users activate their access keys.',
      'Doctors can consult in Filipino, Cebuano, Ilocano and English.',
    ],
    close: 'The programme starts in three provinces this year, and <strong>more cooperatives are joining every month</strong>.',
  },
  {
    title: 'Childhood fever: when to worry',
    lead: 'Fever is the body\'s normal response to infection, and most fevers in children pass within a few days. Knowing the warning signs helps parents decide what to do.',
    bullets: [
      'Any fever in a baby under three months needs a doctor right away.',
      'Watch for a stiff neck, a rash that does not fade when pressed, or unusual drowsiness.',
      'Give enough fluids and dress the child lightly; do not use alcohol rubs.',
    ],
    close: 'Call us at any hour. A doctor will help you <strong>decide whether to watch at home or go to a hospital</strong>.',
  },
  {
    title: 'Diabetes care between clinic visits',
    lead: 'Living with diabetes means making dozens of small decisions every day. Regular contact with a doctor helps you make them with confidence.',
    bullets: [
      'Check your blood sugar as advised and note the readings with your meals.',
      'Inspect your feet daily for cuts or blisters that do not heal.',
      'Ask for a follow-up call whenever your readings change or you feel unwell.',
    ],
    close: 'Teleconsultation does not replace your specialist, but it <strong>keeps you supported in between appointments</strong>.',
  },
  {
    title: 'Heat stroke and dehydration in the dry season',
    lead: 'Temperatures above 35 °C are common from March to May. Outdoor workers, older adults and small children are the most vulnerable.',
    bullets: [
      'Drink water regularly, before you feel thirsty, and limit coffee and sugary drinks.',
      'Rest in the shade during the hottest hours, from 11 a.m. to 3 p.m.',
      'Confusion, hot dry skin or fainting are signs of heat stroke: call emergency services.',
    ],
    close: 'For mild symptoms such as headache and dizziness, <strong>a doctor can guide you by phone</strong>.',
  },
  {
    title: 'How we protect your medical records',
    lead: 'Your health information is personal. We handle it in line with the Data Privacy Act of 2012 and the guidance of the National Privacy Commission.',
    bullets: [
      'Consultation notes are stored encrypted and are visible only to the doctors who treat you.',
      'We never sell personal data or use it for advertising.',
      'You may request a copy of your records or ask us to correct them at any time.',
    ],
    close: 'Read our Data Privacy Policy for the details, or write to our <strong>Data Protection Officer</strong>.',
  },
  {
    title: 'New year, healthier you: small steps that last',
    lead: 'Big resolutions rarely survive February. Our doctors recommend small, specific changes that fit into a busy Filipino life.',
    bullets: [
      'Walk for twenty minutes after dinner instead of scrolling on your phone.',
      'Swap one sweet drink a day for water or unsweetened tea.',
      'Book your annual check-up now and put it in your calendar.',
    ],
    close: 'Tell a doctor about your goals in your next call; <strong>accountability helps</strong>.',
  },
  {
    title: 'Vaccination reminders for adults',
    lead: 'Vaccines are not only for children. Several are recommended for adults, especially for seniors and people with chronic conditions.',
    bullets: [
      'Influenza vaccine once a year, ideally before the rainy season.',
      'Pneumococcal vaccine for adults 60 and above and for those with lung or heart disease.',
      'Tetanus-diphtheria booster every ten years.',
    ],
    close: 'Not sure which vaccines you need? <strong>Ask a doctor during your next teleconsultation.</strong>',
  },
  {
    title: 'Our doctors answer: common questions about antibiotics',
    lead: 'Antibiotics save lives, but only when they are used for the right infections. Misuse makes bacteria resistant and future infections harder to treat.',
    bullets: [
      'Most colds, coughs and sore throats are caused by viruses, which antibiotics do not treat.',
      'When an antibiotic is prescribed, take the full course even if you feel better.',
      'Never share antibiotics or use leftovers from a previous illness.',
    ],
    close: 'Our doctors prescribe antibiotics <strong>only when they are truly needed</strong>, and explain why.',
  },
  {
    title: '{P} recognised for innovation in digital health',
    lead: 'We are proud to share that {P} received a regional innovation award for making teleconsultation affordable for families and small businesses.',
    bullets: [
      'The jury highlighted our prepaid unlimited model with no per-call fees.',
      'They also noted our round-the-clock Telemedicine Center staffed by licensed doctors.',
      'The award recognises the work of our whole team in the Philippines.',
    ],
    close: 'Thank you to our members and partners: <strong>this award is yours too</strong>.',
  },
];
