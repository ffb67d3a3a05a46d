import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHeaderBack } from '../../app/header-back.tsx';
import { readDraft } from '../../booking/booking-draft-storage.ts';
import { clearWorkingKeys } from '../../storage/browser-storage.ts';
import { PaymentSummaryView } from './payment-summary-view.tsx';

/** /payment-summary: the end of the free assessment; back clears the working keys and goes to the dashboard. */
export function PaymentSummaryScreen() {
  const navigate = useNavigate();
  // The classes as the booking left them in storage, read once.
  const [blocked] = useState(() => readDraft()?.slots ?? {});
  const back = () => {
    clearWorkingKeys();
    void navigate('/dashboard', { replace: true });
  };
  useHeaderBack(back);
  return <PaymentSummaryView blocked={blocked} onBack={back} />;
}
