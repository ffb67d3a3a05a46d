import type { Database, Queryable } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { branchDay, branchInstant, branchTimeZone, dayMs, hourMs } from '../domain/branch-time.ts';
import { roundMoney } from '../../contract/pricing.ts';

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

/** Fills an empty database with the demo branch, catalogue and client. Answers whether it did. */
export async function seedIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.query<{ n: number }>('select count(*)::int as n from branches');
  if ((existing?.n ?? 0) > 0) return false;
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
      for (const students of [1, 2]) {
        for (const [i, rate] of classRate.entries()) {
          const total = roundMoney(Math.round(p.classes * rate * p.factor * (students === 2 ? secondStudentFactor : 1)));
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
    await seedDemoClient(tx, passwordHash, now);
  });
  await extendAvailability(db, now);
  return true;
}

async function seedDemoClient(tx: Queryable, passwordHash: string, now: Date): Promise<void> {
  const [client] = await tx.query<{ id: number }>(
    `insert into clients (branch_id, firstname, lastname, email, phone, password_hash)
     values (1, 'Sarah', 'Ahmed', $1, '+971 50 123 4567', $2) returning id`,
    [demoLogin.email, passwordHash],
  );
  const clientId = (client as { id: number }).id;
  const students = await tx.query<{ id: number }>(
    `insert into students (client_id, first_name, last_name) values ($1, 'Adam', 'Ahmed'), ($1, 'Lina', 'Ahmed') returning id`,
    [clientId],
  );
  const adam = (students[0] as { id: number }).id;
  const [tutor] = await tx.query<{ id: number }>(`select id from contractors where first_name = 'Amira'`);
  const tutorId = (tutor as { id: number }).id;
  const [service] = await tx.query<{ id: number }>(
    `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate)
     values (1, $1, 'Mathematics - Adam Ahmed', 'hourly', 57, 40) returning id`,
    [clientId],
  );
  const serviceId = (service as { id: number }).id;
  await tx.query('insert into service_contractors (service_id, contractor_id) values ($1, $2)', [serviceId, tutorId]);
  await tx.query('insert into service_recipients (service_id, student_id) values ($1, $2)', [serviceId, adam]);
  const lessonData = { packageName: 'GOLD', packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 1 }, studentName: { name1: 'Adam Ahmed' } };
  const packageForm = JSON.stringify({ lessonData, packageFormData: { students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] } });
  const [pkg] = await tx.query<{ id: number }>(
    `insert into client_packages (client_id, package_form, bookingdata, purches_status, booked_classess, total_classess, remaining_classess, completed_classess, student_ids)
     values ($1, $2, '{"bookdata": []}', 1, 6, 12, 6, 2, $3) returning id`,
    [clientId, packageForm, JSON.stringify([adam])],
  );
  // Two weeks ago to three weeks ahead, Sundays at 16:00 branch time (inside Amira's hours).
  const zone = await branchTimeZone(tx, 1);
  const sunday = (weeksFromNow: number) => {
    const base = new Date(now.getTime() + weeksFromNow * 7 * dayMs);
    const day = branchDay(base, zone);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    return branchInstant(branchDay(new Date(base.getTime() - weekday * dayMs), zone), '16:00', zone);
  };
  const lessons: [Date, string][] = [
    [sunday(-3), 'completed'],
    [sunday(-2), 'completed'],
    [sunday(-1), 'cancelled'],
    [sunday(1), 'planned'],
    [sunday(2), 'planned'],
    [sunday(3), 'planned'],
  ];
  for (const [start, status] of lessons) {
    const [row] = await tx.query<{ id: number }>(
      `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis, client_package_id)
       values ($1, 1, $2, 3, $3, $4, 'Mathematics', $5, 'staff', $6) returning id`,
      [clientId, serviceId, start, new Date(start.getTime() + hourMs), status, (pkg as { id: number }).id],
    );
    const id = (row as { id: number }).id;
    // The lesson's hours and whether it holds them come from the appointment (a trigger copies them).
    await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, 57)', [id, adam]);
    await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [id, tutorId]);
  }
  await tx.query(
    `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour, status, date_sent, paid_at, payment_method)
     values ($1, 1, 684, 'GOLD package - Adam Ahmed', 'raise-and-send', 'paid', $2, $2, 'cash'),
            ($1, 1, 60, 'Extra class - Adam Ahmed', 'raise-and-send', 'unpaid', $3, null, null)`,
    [clientId, new Date(now.getTime() - 21 * dayMs), new Date(now.getTime() - 2 * dayMs)],
  );
}
