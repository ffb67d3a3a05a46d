import type { OrderProgress } from '../../machines/rules/order-progress.ts';

// One paid order as GET /orders/{ref} (and POST /orders/{ref}/fulfilment) answers it at each point: Adam
// Ahmed's GOLD (12 classes, AED 684), three lessons held at checkout, Mathematics with Amira Haddad
// (Sunday 6 and 13 December, 16:00 in Dubai) and English with Omar Khalil (Monday 7 December, 09:00).

type Lesson = OrderProgress['lessons'][number];

const held: Lesson[] = [
  { subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, tutor_name: 'Amira Haddad', students: [11], student_names: ['Adam Ahmed'], appointment_id: null, lost: false },
  { subject: 'English', start: '2026-12-07T05:00:00Z', finish: '2026-12-07T06:00:00Z', tutor: 2, tutor_name: 'Omar Khalil', students: [11], student_names: ['Adam Ahmed'], appointment_id: null, lost: false },
  { subject: 'Mathematics', start: '2026-12-13T12:00:00Z', finish: '2026-12-13T13:00:00Z', tutor: 1, tutor_name: 'Amira Haddad', students: [11], student_names: ['Adam Ahmed'], appointment_id: null, lost: false },
];

type Line = OrderProgress['lines'][number];
const line: Line = { pkg_id: 3, package_name: 'GOLD', level: 5, student_ids: [11], student_names: ['Adam Ahmed'], amount: 684, classes: 12, booked_classes: 0, weekly_lessons: { Mathematics: 1, English: 1 } };

/** The order, opened at checkout and not paid yet, with `more` over it. */
export function orderProgress(ref: string, more: Partial<OrderProgress> = {}): OrderProgress {
  return {
    ref,
    status: 'created',
    amount: 684,
    pkg_id: 3,
    student_ids: [11],
    classes: 12,
    booked_classes: 0,
    lines: [line],
    service_ids: [],
    appointment_ids: [],
    invoice_id: null,
    payment_taken: false,
    confirmed: false,
    lessons: held,
    hold_expires_at: '2026-11-23T08:30:00Z',
    to_place: 0,
    payment_method: 'visa',
    paid_at: null,
    ...more,
  };
}

const bookedLessons = held.map((lesson, index) => ({ ...lesson, appointment_id: index + 1 }));

/** The order at each point of its life. */
export function orderStages(ref: string) {
  const booked: Partial<OrderProgress> = {
    status: 'paid',
    booked_classes: 3,
    lines: [{ ...line, booked_classes: 3 }],
    service_ids: [31, 32],
    appointment_ids: [1, 2, 3],
    invoice_id: 9,
    payment_taken: true,
    lessons: bookedLessons,
    hold_expires_at: null,
  };
  return {
    /** Opened at checkout; the provider's notification has not come (not paid, or paid and late). */
    created: orderProgress(ref),
    /** Paid before this server booked orders itself: no invoice, no lessons yet. */
    paidNotBooked: orderProgress(ref, { status: 'paid', hold_expires_at: null }),
    /** Paid and booked by the provider's notification: lessons, services, settled invoice. */
    booked: orderProgress(ref, booked),
    /** Paid after its hold expired: one hour was taken meanwhile, one class waits to be placed. */
    partlyLost: orderProgress(ref, {
      ...booked,
      booked_classes: 2,
      appointment_ids: [1, 3],
      lines: [{ ...line, booked_classes: 2 }],
      lessons: bookedLessons.map((lesson, index) => (index === 1 ? { ...lesson, appointment_id: null, lost: true } : lesson)),
      to_place: 1,
    }),
    /** Booked and confirmed by POST /order_status: a receipt. */
    confirmed: orderProgress(ref, { ...booked, status: 'confirmed', confirmed: true }),
    failed: orderProgress(ref, { status: 'failed', lessons: [], hold_expires_at: null }),
    cancelled: orderProgress(ref, { status: 'cancelled', lessons: [], hold_expires_at: null }),
  };
}
