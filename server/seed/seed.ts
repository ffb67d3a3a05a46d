import type { Database, Queryable } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { branchDay, branchInstant, branchTimeZone, dayMs, hourMs } from '../domain/branch-time.ts';
import { perClassCharge, roundMoney } from '../../contract/pricing.ts';
import { addCalendarDays, rescheduleNoticeDays } from '../../contract/reschedule-notice.ts';

export const demoLogin = { email: 'parent@example.com', password: 'Passw0rd!' } as const;

/** How far ahead tutors' weekly availability is laid out. */
export const availabilityHorizonDays = 56;

const subjects: [string, number[]][] = [
  ['Mathematics', [1, 2, 3, 4]],
  ['English', [1, 2, 3, 4]],
  ['Science', [1, 2]],
  ['Arabic', [1, 2, 3]],
  ['French', [2, 3, 4]],
  ['Computer Science', [2, 3, 4]],
  ['Physics', [3, 4]],
  ['Chemistry', [3, 4]],
  ['Biology', [3, 4]],
  ['Economics', [4]],
];

// Weekday (0 Sunday) to [from hour, to hour) in branch time.
const afternoons = { 0: [15, 20], 1: [15, 20], 2: [15, 20], 3: [15, 20], 4: [15, 20] };
const evenings = { 1: [17, 21], 3: [17, 21], 5: [10, 14], 6: [10, 14] };
const weekends = { 5: [9, 13], 6: [9, 17], 0: [16, 19] };
const mornings = { 0: [9, 12], 2: [9, 12], 4: [9, 12], 6: [14, 18] };

interface TutorSeed {
  first: string;
  last: string;
  subjects: string[];
  quallevel: number;
  town: string;
  qualifications: string;
  speciality: string;
  bio: string | null;
  price: number;
  hours: Record<number, number[]>;
}

const tutors: TutorSeed[] = [
  { first: 'Amira', last: 'Haddad', subjects: ['Mathematics', 'Physics'], quallevel: 13, town: 'Dubai Marina', qualifications: 'MSc Mathematics, PGCE', speciality: 'A-level and IB Mathematics', bio: 'Ten years of helping students find confidence with numbers, from times tables to calculus.', price: 120, hours: afternoons },
  { first: 'James', last: 'Whitfield', subjects: ['English', 'French'], quallevel: 13, town: 'Jumeirah', qualifications: 'BA English Literature, CELTA', speciality: 'Essay writing and exam technique', bio: 'Former head of English; patient, structured lessons that build strong readers and writers.', price: 110, hours: evenings },
  { first: 'Priya', last: 'Nair', subjects: ['Science', 'Biology', 'Chemistry'], quallevel: 13, town: 'Al Barsha', qualifications: 'PhD Biochemistry', speciality: 'GCSE and A-level sciences', bio: null, price: 130, hours: afternoons },
  { first: 'Omar', last: 'Farouk', subjects: ['Arabic', 'Mathematics'], quallevel: 9, town: 'Sharjah', qualifications: 'BEd Primary Education', speciality: 'Primary and middle school Arabic and Maths', bio: 'Makes Arabic and Maths fun for young learners with games and stories.', price: 90, hours: weekends },
  { first: 'Sofia', last: 'Rossi', subjects: ['French', 'English'], quallevel: 11, town: 'Downtown Dubai', qualifications: 'MA Modern Languages', speciality: 'Conversational French, DELF preparation', bio: 'Native-level French speaker who loves bringing languages to life.', price: 105, hours: mornings },
  { first: 'Daniel', last: 'Okafor', subjects: ['Computer Science', 'Mathematics'], quallevel: 13, town: 'Dubai Marina', qualifications: 'BSc Computer Science', speciality: 'Programming, algorithms and IGCSE Computer Science', bio: 'Software engineer turned teacher; students build real projects from lesson one.', price: 125, hours: evenings },
  { first: 'Layla', last: 'Mansour', subjects: ['Science', 'Mathematics', 'English'], quallevel: 6, town: 'Jumeirah', qualifications: 'BEd, Montessori certificate', speciality: 'Early years and primary', bio: 'Gentle, encouraging lessons for Years 1 to 6.', price: 85, hours: afternoons },
  { first: 'Thomas', last: 'Becker', subjects: ['Physics', 'Chemistry'], quallevel: 13, town: 'Abu Dhabi', qualifications: 'MPhys, QTS', speciality: 'A-level Physics and Chemistry', bio: null, price: 135, hours: weekends },
  { first: 'Hana', last: 'Yousef', subjects: ['Biology', 'Science', 'Arabic'], quallevel: 11, town: 'Al Barsha', qualifications: 'BSc Biology, PGCE', speciality: 'GCSE Biology', bio: 'Turns tricky biology topics into clear diagrams and memorable stories.', price: 100, hours: mornings },
  { first: 'Michael', last: 'Chen', subjects: ['Economics', 'Mathematics'], quallevel: 13, town: 'Downtown Dubai', qualifications: 'MSc Economics (LSE)', speciality: 'A-level and IB Economics', bio: 'Connects economics to the news students read every day.', price: 140, hours: evenings },
  { first: 'Fatima', last: 'Al Zahra', subjects: ['English', 'Arabic'], quallevel: 9, town: 'Sharjah', qualifications: 'BA Arabic and English Translation', speciality: 'Bilingual reading and writing', bio: 'Helps bilingual children shine in both languages.', price: 95, hours: afternoons },
  { first: 'Ravi', last: 'Sharma', subjects: ['Computer Science', 'Physics', 'Mathematics'], quallevel: 13, town: 'Abu Dhabi', qualifications: 'BTech, MSc Data Science', speciality: 'Coding for teens, Physics problem solving', bio: 'Puts problem solving first; lessons are hands-on and paced to the student.', price: 115, hours: weekends },
];

// Per-class rate by program group; packages are priced from it, cheaper per class the more classes.
const classRate = [60, 66, 72, 78];
const packages = [
  { id: 2, name: 'SILVER', classes: 6, days: 30, factor: 1, offers: '', popular: false },
  { id: 3, name: 'GOLD', classes: 12, days: 45, factor: 0.95, offers: 'Save 5%', popular: true },
  { id: 4, name: 'PLATINUM', classes: 24, days: 90, factor: 0.9, offers: 'Save 10%', popular: false },
];
const secondStudentFactor = 1.8;
type PackageSeed = (typeof packages)[number];

/** The price of a package for one or two students of a program group: what package_prices holds. */
const priceOf = (p: PackageSeed, students: 1 | 2, group: number) =>
  roundMoney(Math.round(p.classes * (classRate[group - 1] ?? 0) * p.factor * (students === 2 ? secondStudentFactor : 1)));

/** Lays out every tutor's weekly hours as availability windows from today to the horizon; idempotent. */
export async function extendAvailability(db: Queryable, now = new Date(), days = availabilityHorizonDays): Promise<number> {
  // Weekly hours are wall-clock hours of each tutor's branch.
  const rows = await db.query<{ id: number; weekly_hours: Record<string, number[]>; time_zone: string }>(
    'select c.id, c.weekly_hours, b.time_zone from contractors c join branches b on b.id = c.branch_id',
  );
  const ids: number[] = [];
  const starts: string[] = [];
  const finishes: string[] = [];
  for (let d = 0; d <= days; d++) {
    for (const tutor of rows) {
      const day = branchDay(new Date(now.getTime() + d * dayMs), tutor.time_zone);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const [from, to] = tutor.weekly_hours[String(weekday)] ?? [];
      if (from === undefined || to === undefined) continue;
      ids.push(tutor.id);
      starts.push(branchInstant(day, `${String(from).padStart(2, '0')}:00`, tutor.time_zone).toISOString());
      finishes.push(branchInstant(day, `${String(to).padStart(2, '0')}:00`, tutor.time_zone).toISOString());
    }
  }
  const inserted = await db.query<{ id: number }>(
    `insert into availability (contractor_id, start, finish)
     select * from unnest($1::int[], $2::timestamptz[], $3::timestamptz[])
     on conflict (contractor_id, start) do nothing returning id`,
    [ids, starts, finishes],
  );
  return inserted.length;
}

/** Whether the database holds no branch yet: what seedIfEmpty would fill. */
export async function isUnseeded(db: Queryable): Promise<boolean> {
  const [existing] = await db.query<{ n: number }>('select count(*)::int as n from branches');
  return (existing?.n ?? 0) === 0;
}

/** Fills an empty database with the demo branch, catalogue and client. Answers whether it did. */
export async function seedIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  if (!(await isUnseeded(db))) return false;
  const passwordHash = await hashPassword(demoLogin.password);
  await db.transaction(async (tx) => {
    await tx.query(`insert into branches (id, name, time_zone) values (1, 'Dubai', 'Asia/Dubai')`);
    for (const town of ['Dubai Marina', 'Jumeirah', 'Downtown Dubai', 'Al Barsha', 'Sharjah', 'Abu Dhabi']) {
      await tx.query('insert into locations (branch_id, town) values (1, $1)', [town]);
    }
    for (const [name, groups] of subjects) {
      await tx.query('insert into subjects (branch_id, name, level_category) values (1, $1, $2)', [name, JSON.stringify(groups)]);
    }
    for (const p of packages) {
      await tx.query(
        'insert into packages (id, name, description, numberofclass, offers, duration_days, most_popular) values ($1, $2, $3, $4, $5, $6, $7)',
        [p.id, p.name, `<p>${p.classes} one-hour classes with a tutor of your choice</p><p>60 minutes per class</p>`, p.classes, p.offers, p.days, p.popular],
      );
      for (const students of [1, 2] as const) {
        for (const i of classRate.keys()) {
          const total = priceOf(p, students, i + 1);
          await tx.query('insert into package_prices (package_id, students, level_group, types, total) values ($1, $2, $3, $4, $5)', [
            p.id, students, i + 1, students === 1 ? 'One-to-one' : 'Two students together', total,
          ]);
        }
      }
    }
    for (const t of tutors) {
      await tx.query(
        `insert into contractors (branch_id, first_name, last_name, photo, subjects, quallevel, town, country, qualifications, speciality, bio, tutorprice, weekly_hours)
         values (1, $1, $2, null, $3, $4, $5, 'United Arab Emirates', $6, $7, $8, $9, $10)`,
        [t.first, t.last, JSON.stringify(t.subjects), t.quallevel, t.town, t.qualifications, t.speciality, t.bio, t.price, JSON.stringify(t.hours)],
      );
    }
    await tx.query(`insert into coupons (code, discount_type, discount_value) values ('WELCOME50', 'flat', 50), ('SAVE10', 'percent', 10)`);
    await tx.query(`insert into coupons (code, discount_type, discount_value, active) values ('SPRING25', 'flat', 25, false)`);
    // The demo client's lessons and its pending booking rest on the tutors' availability windows.
    await extendAvailability(tx, now);
    await seedDemoClient(tx, passwordHash, now);
  });
  return true;
}

const packageNamed = (name: PackageSeed['name']): PackageSeed => {
  const found = packages.find((p) => p.name === name);
  if (!found) throw new Error(`no package ${name}`);
  return found;
};

interface DemoStudent {
  id: number;
  name: string;
  /** The program group (1-4) and the year text, as the booking form writes them. */
  group: number;
  program: string;
}

/**
 * A weekly run of lessons of one student with one tutor, on a paid package: `past` lessons before the seed's
 * `now` (the `cancelled`-th most recent ones cancelled, the rest completed) and `upcoming` planned ones after
 * it, at a whole hour inside the tutor's weekly hours (branch time).
 */
interface LessonRun {
  student: 'Adam' | 'Lina';
  subject: string;
  tutor: string;
  /** Weekdays (0 Sunday) and hour of the lessons, in branch time. */
  weekdays: number[];
  time: string;
  pkg: PackageSeed['name'];
  boughtDaysAgo: number;
  paidBy: 'card' | 'cash';
  past: number;
  /** Positions among the past lessons, 1 the most recent, of the ones that were cancelled. */
  cancelled: number[];
  upcoming: number;
}

/**
 * Sarah's story: Adam's Mathematics with Amira on Sundays (GOLD, bought six weeks ago), Lina's English with
 * James on Mondays and Wednesdays (PLATINUM, three weeks ago), Adam's Science with Priya on Tuesdays (SILVER,
 * ten days ago). Every run is weekly at one hour and reaches from the past into the weeks ahead without a gap,
 * so that a free hour of a student in the first week of the booking grid stays free in the weeks after it
 * (the grid fills the following weeks at the same hour). The students' hours stay few (16:00 and 17:00), so
 * that most of every tutor's hours stay free for new bookings.
 */
const lessonRuns: LessonRun[] = [
  { student: 'Adam', subject: 'Mathematics', tutor: 'Amira', weekdays: [0], time: '16:00', pkg: 'GOLD', boughtDaysAgo: 42, paidBy: 'cash', past: 5, cancelled: [3], upcoming: 6 },
  { student: 'Lina', subject: 'English', tutor: 'James', weekdays: [1, 3], time: '17:00', pkg: 'PLATINUM', boughtDaysAgo: 21, paidBy: 'card', past: 4, cancelled: [2], upcoming: 16 },
  { student: 'Adam', subject: 'Science', tutor: 'Priya', weekdays: [2], time: '16:00', pkg: 'SILVER', boughtDaysAgo: 10, paidBy: 'card', past: 1, cancelled: [], upcoming: 4 },
];

/** A tutor's pay per lesson in the demo's services. */
const demoPayRate = 40;

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const yearText = (year: number) => `Year ${year} / Grade ${year - 1}`;
/** A price as the package card shows it (machines/rules/money.ts, default currency). */
const shownPrice = (amount: number) => `AED ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)}`;

/** The starts of a run: the `past` latest before `now` and the `upcoming` first after it, earliest first. */
function runStarts(run: LessonRun, now: Date, zone: string): { past: Date[]; upcoming: Date[] } {
  const today = branchDay(now, zone);
  const collect = (step: 1 | -1, count: number, keep: (start: Date) => boolean) => {
    const found: Date[] = [];
    for (let d = 0; found.length < count; d += step) {
      const day = addCalendarDays(today, d);
      if (!run.weekdays.includes(weekdayOf(day))) continue;
      const start = branchInstant(day, run.time, zone);
      if (keep(start)) found.push(start);
    }
    return found;
  };
  return {
    past: collect(-1, run.past, (start) => start.getTime() + hourMs <= now.getTime()).reverse(),
    upcoming: collect(1, run.upcoming, (start) => start.getTime() > now.getTime()),
  };
}

/** The package form the portal saves with a booking (packageForm: lessonData and packageFormData, optionally the slots). */
function packageForm(p: PackageSeed, student: DemoStudent, subject: string, perWeek: number, description: string, extra: Record<string, unknown> = {}): string {
  const lessonData = {
    packageNames: { id: p.id, name: p.name, subjects: [subject], lessons: p.classes, description, total: shownPrice(priceOf(p, 1, student.group)), duration_days: p.days },
    packageName: p.name,
    studentName: { name1: student.name },
    lessonCounts: { [subject]: perWeek },
  };
  const packageFormData = { students: 1, name1: student.name, name2: '', programOne: student.group, program: student.program, subject: [subject], studyType: null };
  return JSON.stringify({ lessonData, packageFormData, ...extra });
}

async function seedDemoClient(tx: Queryable, passwordHash: string, now: Date): Promise<void> {
  const [client] = await tx.query<{ id: number }>(
    `insert into clients (branch_id, firstname, lastname, email, phone, password_hash)
     values (1, 'Sarah', 'Ahmed', $1, '+971 50 123 4567', $2) returning id`,
    [demoLogin.email, passwordHash],
  );
  const clientId = (client as { id: number }).id;
  const rows = await tx.query<{ id: number }>(
    `insert into students (client_id, first_name, last_name) values ($1, 'Adam', 'Ahmed'), ($1, 'Lina', 'Ahmed') returning id`,
    [clientId],
  );
  const students: Record<LessonRun['student'], DemoStudent> = {
    Adam: { id: (rows[0] as { id: number }).id, name: 'Adam Ahmed', group: 1, program: yearText(5) },
    Lina: { id: (rows[1] as { id: number }).id, name: 'Lina Ahmed', group: 2, program: yearText(8) },
  };
  const tutorRows = await tx.query<{ id: number; first_name: string; last_name: string; tutorprice: string }>('select id, first_name, last_name, tutorprice from contractors');
  const tutorNamed = (first: string) => {
    const found = tutorRows.find((t) => t.first_name === first);
    if (!found) throw new Error(`no tutor ${first}`);
    return found;
  };
  const descriptions = new Map(
    (await tx.query<{ id: number; description: string }>('select id, description from packages')).map((p) => [p.id, p.description]),
  );
  const zone = await branchTimeZone(tx, 1);
  const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);

  for (const run of lessonRuns) {
    const student = students[run.student];
    const tutor = tutorNamed(run.tutor);
    const pkg = packageNamed(run.pkg);
    const amount = priceOf(pkg, 1, student.group);
    const charge = perClassCharge(amount, pkg.classes);
    const { past, upcoming } = runStarts(run, now, zone);
    const lessons: [Date, 'completed' | 'cancelled' | 'planned'][] = [
      ...past.map((start, i): [Date, 'completed' | 'cancelled'] => [start, run.cancelled.includes(past.length - i) ? 'cancelled' : 'completed']),
      ...upcoming.map((start): [Date, 'planned'] => [start, 'planned']),
    ];
    // What the package holds is what its lessons are: a cancelled lesson gave its class back.
    const booked = lessons.filter(([, status]) => status !== 'cancelled').length;
    const completed = lessons.filter(([, status]) => status === 'completed').length;
    if (booked > pkg.classes) throw new Error(`the demo's ${run.pkg} run of ${run.subject} books ${booked} of ${pkg.classes} classes`);
    const bought = daysAgo(run.boughtDaysAgo);

    const [service] = await tx.query<{ id: number }>(
      `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate, created_at)
       values (1, $1, $2, 'hourly', $3, $4, $5) returning id`,
      [clientId, `${run.subject} - ${student.name}`, charge, demoPayRate, bought],
    );
    const serviceId = (service as { id: number }).id;
    await tx.query('insert into service_contractors (service_id, contractor_id) values ($1, $2)', [serviceId, tutor.id]);
    await tx.query('insert into service_recipients (service_id, student_id) values ($1, $2)', [serviceId, student.id]);
    const [paid] = await tx.query<{ id: number }>(
      `insert into client_packages (client_id, package_form, bookingdata, purches_status, booked_classess, total_classess, remaining_classess, completed_classess, student_ids, created_at, updated_at)
       values ($1, $2, '{"bookdata": []}', 1, $3, $4, $5, $6, $7, $8, $8) returning id`,
      [clientId, packageForm(pkg, student, run.subject, run.weekdays.length, descriptions.get(pkg.id) ?? ''), booked, pkg.classes, pkg.classes - booked, completed, JSON.stringify([student.id]), bought],
    );
    const packageId = (paid as { id: number }).id;
    for (const [start, status] of lessons) {
      const [row] = await tx.query<{ id: number }>(
        `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, start_date, pricestatus, basis, client_package_id, created_at)
         values ($1, 1, $2, $3, $4, $5, $6, $7, $8, true, 'staff', $9, $10) returning id`,
        [clientId, serviceId, pkg.id, start, new Date(start.getTime() + hourMs), run.subject, status, branchDay(bought, zone), packageId, bought],
      );
      const id = (row as { id: number }).id;
      // The lesson's hours and whether it holds them come from the appointment (a trigger copies them); the
      // exclusion constraints refuse a run that overlaps another lesson of the tutor or the student.
      await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, $3)', [id, student.id, charge]);
      await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, $3)', [id, tutor.id, demoPayRate]);
    }
    await tx.query(
      `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour, status, date_sent, paid_at, payment_method)
       values ($1, 1, $2, $3, 'raise-and-send', 'paid', $4, $4, $5)`,
      [clientId, amount, `${pkg.name} package - ${student.name} (${run.subject})`, bought, run.paidBy],
    );
  }
  await tx.query(
    `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour, status, date_sent)
     values ($1, 1, 60, 'Extra class - Adam Ahmed', 'raise-and-send', 'unpaid', $2)`,
    [clientId, daysAgo(2)],
  );
  await seedPendingBooking(tx, clientId, students.Lina, tutorNamed('Hana'), now, zone, descriptions);
}

/**
 * The booking Sarah left before paying (the dashboard's 'Complete Your Pending Payment'): Lina's Science, SILVER
 * with one lesson a week, with Hana on Saturdays at 15:00, as Book Now saves it (an unpaid client package whose
 * packageForm holds the draft and its slots). The slots are one a week from the first bookable week, on the
 * tutor's availability windows, at an hour at which neither Lina nor Hana has a lesson.
 */
async function seedPendingBooking(
  tx: Queryable,
  clientId: number,
  lina: DemoStudent,
  hana: { id: number; first_name: string; last_name: string; tutorprice: string },
  now: Date,
  zone: string,
  descriptions: Map<number, string>,
): Promise<void> {
  const silver = packageNamed('SILVER');
  const [subject, time, saturday] = ['Science', '15:00', 6];
  const firstBookable = addCalendarDays(branchDay(now, zone), rescheduleNoticeDays);
  // The grid's weeks run Sunday to Saturday from the week of the first bookable day; Saturday is always in it.
  const firstSaturday = addCalendarDays(firstBookable, saturday - weekdayOf(firstBookable));
  const name = `${hana.first_name} ${hana.last_name}`;
  const slots = [];
  for (let week = 0; week < silver.classes; week++) {
    const date = addCalendarDays(firstSaturday, week * 7);
    const start = branchInstant(date, time, zone);
    const [window] = await tx.query<{ id: number }>(
      'select id from availability where contractor_id = $1 and start <= $2 and finish >= $3',
      [hana.id, start, new Date(start.getTime() + hourMs)],
    );
    if (!window) throw new Error(`${name} has no availability on ${date} at ${time}`);
    slots.push({ key: `${subject}-${date}-${time}`, subject, date, time, tutorId: hana.id, tutorPrice: Number(hana.tutorprice), apt_id: window.id, weekIndex: week, name });
  }
  const weekLabels = ['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week'];
  const groupedByWeek = Object.fromEntries(slots.map((slot) => [weekLabels[slot.weekIndex] ?? '6th Week', [slot]]));
  const storedTeacher = [{ id: hana.id, name, subject }];
  await tx.query(
    `insert into client_packages (client_id, package_form, bookingdata, purches_status, booked_classess, total_classess, remaining_classess, completed_classess, created_at, updated_at)
     values ($1, $2, $3, 0, $4, $4, 0, 0, $5, $5)`,
    [clientId, packageForm(silver, lina, subject, 1, descriptions.get(silver.id) ?? '', { groupedByWeek, storedTeacher }), JSON.stringify({ bookdata: slots }), silver.classes, new Date(now.getTime() - dayMs)],
  );
}
