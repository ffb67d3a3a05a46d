import { useEffect, useId, useRef } from 'react';
import type { PaymentMethod } from '../../../machines/booking/booking-draft.ts';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner, Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import ui from '../../components/ui.module.css';
import styles from './checkout.module.css';
import { OtherStudentButtonView, type OtherStudentButtonViewProps } from './other-student-button-view.tsx';

export interface CheckoutViewProps {
  /** leaving: on the way to another step; redirecting: on the way to the payment page. */
  phase: 'ready' | 'leaving' | 'redirecting';
  studentNames: string;
  tutorNames: string;
  /** 'GOLD (12 classes)', one per student's package. */
  packages: string[];
  /** The packages' price before a coupon. */
  subtotal: string;
  /** What the coupon takes off ('AED 68.40'), or null without one. */
  discount: string | null;
  grandTotal: string;
  code: string;
  /** The coupon applied, shown by its code. */
  appliedCode: string | null;
  /** The server's refusal of the coupon, shown at the field (the toast says it too). */
  couponMessage: string | null;
  canApplyCoupon: boolean;
  applyingCoupon: boolean;
  /** PayPal, VISA, Mastercard: the value sent with the order and the name shown. */
  methods: readonly { value: PaymentMethod; label: string }[];
  /** The method checked (PayPal until another is chosen). */
  method: PaymentMethod;
  /** 'Go For First' / 'Go For Second' in place of Pay Now, or null (Pay Now shows). */
  otherStudent: Omit<OtherStudentButtonViewProps, 'onRequest'> | null;
  canPay: boolean;
  paying: boolean;
  /** Why the order or its payment link did not come. */
  error: string | null;
  onCodeChange: (code: string) => void;
  onApplyCoupon: () => void;
  onMethodChange: (method: PaymentMethod) => void;
  onCancel: () => void;
  onPay: () => void;
  onOtherStudent: () => void;
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** /checkout (props only): who and what is paid for, the coupon, the Grand Total, the payment method, Cancel and Pay Now. */
export function CheckoutView(props: CheckoutViewProps) {
  const headingId = useId();
  const couponForm = useRef<HTMLFormElement>(null);
  // A refused coupon takes the client back to the field that says why (the button was disabled meanwhile).
  useEffect(() => {
    if (!props.couponMessage) return;
    const field = couponForm.current?.elements.namedItem('coupon');
    if (field instanceof HTMLInputElement) field.focus();
  }, [props.couponMessage]);
  if (props.phase !== 'ready') {
    return (
      <ScreenFrame title="Checkout" titleHidden>
        <CentredSpinner label={props.phase === 'redirecting' ? 'Going to the payment page' : 'Loading'} />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title="Checkout" titleHidden>
      <section className={ui.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Order
        </h2>
        <dl className={styles.details}>
          <Detail term="Students" value={props.studentNames} />
          <Detail term="Tutors" value={props.tutorNames} />
          {props.packages.map((line, index) => (
            <Detail key={`${line}-${String(index)}`} term="Package" value={line} />
          ))}
          <Detail term="Price" value={props.subtotal} />
          {props.discount ? <Detail term={`Coupon ${props.appliedCode ?? ''}`.trim()} value={`− ${props.discount}`} /> : null}
        </dl>
      </section>
      <form
        ref={couponForm}
        className={`${ui.card} ${styles.coupon}`}
        onSubmit={(event) => {
          event.preventDefault();
          props.onApplyCoupon();
        }}
      >
        <TextField
          label="Coupon Code"
          name="coupon"
          value={props.code}
          onValueChange={props.onCodeChange}
          autoComplete="off"
          maxLength={40}
          // Announced by its toast; at the field it stays, as the field's description, until the code is edited.
          error={props.couponMessage}
        />
        <button type="submit" className={`${ui.button} ${ui.secondary}`} disabled={!props.canApplyCoupon}>
          {props.applyingCoupon ? <Spinner /> : null}
          Apply Coupon
        </button>
      </form>
      <p className={styles.total}>
        <span>Grand Total</span>
        <strong>{props.grandTotal}</strong>
      </p>
      <div className={`${ui.card} ${styles.methodsCard}`}>
        <fieldset className={styles.methods}>
          <legend className={styles.legend}>Payment Method</legend>
          {props.methods.map((method) => (
            <label key={method.value} className={styles.method}>
              <input type="radio" name="payment-method" value={method.value} checked={props.method === method.value} onChange={() => props.onMethodChange(method.value)} />
              {method.label}
            </label>
          ))}
        </fieldset>
      </div>
      {props.error ? (
        <p role="alert" className={styles.error}>
          {props.error}
        </p>
      ) : null}
      <div className={`${ui.actions} ${styles.buttons}`}>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancel} disabled={props.paying}>
          Cancel
        </button>
        {props.otherStudent ? (
          <OtherStudentButtonView {...props.otherStudent} onRequest={props.onOtherStudent} />
        ) : (
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onPay} disabled={!props.canPay}>
            {props.paying ? <Spinner /> : null}
            Pay Now
          </button>
        )}
      </div>
    </ScreenFrame>
  );
}
