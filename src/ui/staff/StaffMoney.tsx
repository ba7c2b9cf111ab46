/**
 * An order's money on the staff order page (docs/operations.md, "Payments for staff"): where it
 * stands, every receipt, the Paystack payments that reported another amount or currency than asked
 * (never counted), the refunds with "Mark refunded" for office ones, and the form for money
 * received at the office (amount in naira, bank transfer or cash, staff's reference, the day). The
 * forms are staffOrderActionsMachine's, run by StaffActions; each asks to confirm before it is
 * sent.
 */
import type { FormEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { formatNaira, todayInLagos } from '../../api/contract/rules';
import {
  type Refund,
  officePaymentMethods,
  paymentMethodLabels,
  type OfficePaymentMethod,
} from '../../api/contract/orders';
import type { StaffOrderDetail } from '../../api/contract/staff';
import {
  paymentForm,
  refundForm,
  type Form,
  type staffOrderActionsMachine,
} from '../../machines/staffOrderActionsMachine';
import type { Values } from '../../machines/formFields';
import { staffApi } from '../../api/lazy';
import { SelectField, TextField } from '../components/Field';
import { PaymentFacts, Receipts, Refunds } from '../orders/Money';
import { formatLagosDate } from '../tracking/format';
import { Confirm } from './Confirm';
import { NothingToPay, PaymentsPart } from './PaymentsPart';
import { underFormNames } from './amountErrors';

/** An office payment (the staff's form of StaffMoney), sent by staffOrderActionsMachine. */
export async function recordPayment(reference: string, values: Values): Promise<string> {
  try {
    const { amount, ...rest } = paymentForm.parse(values);
    const answer = await staffApi.staffRecordPayment(
      { amount_kobo: amount, ...rest },
      { id: reference },
    );
    return answer.message;
  } catch (error) {
    throw underFormNames(error);
  }
}

/** A refund paid back at the office, marked done. */
export async function markRefunded(reference: string, values: Values): Promise<string> {
  const { refund_id, ...request } = refundForm.parse(values);
  const answer = await staffApi.staffRefundDone(request, { id: reference, key: refund_id });
  return answer.message;
}

type Machine = typeof staffOrderActionsMachine;
type FieldProps = {
  value: string;
  errors: string[] | undefined;
  onChange: (event: { target: { value: string } }) => void;
};

interface StaffMoneyProps {
  order: StaffOrderDetail;
  snapshot: SnapshotFrom<Machine>;
  send: (event: EventFrom<Machine>) => void;
  field: (form: Form, name: string) => FieldProps;
  onSubmit: (type: 'payment.submit' | 'refund.submit') => (event: FormEvent) => void;
}

export function StaffMoney({ order, snapshot, send, field, onSubmit }: StaffMoneyProps) {
  const { payment } = order;
  const { forms } = snapshot.context;
  const amount = paymentForm.shape.amount.safeParse(forms.payment.amount);
  const owes = payment !== null && payment.balance_kobo > 0 && order.status !== 'Cancelled';

  const refundAction = (refund: Refund) => {
    if (refund.route !== 'office' || refund.state !== 'due') return null;
    if (forms.refund.refund_id !== String(refund.id)) {
      return (
        <p className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              send({
                type: 'field.change',
                form: 'refund',
                name: 'refund_id',
                value: String(refund.id),
              })
            }
          >
            Mark refunded
          </button>
        </p>
      );
    }
    if (snapshot.matches('refund')) {
      return (
        <Confirm
          id="confirm-refund"
          yes="Yes, it is refunded"
          busy={snapshot.matches({ refund: 'sending' })}
          busyLabel="Saving..."
          send={send}
        >
          Mark {formatNaira(refund.amount_kobo)} refunded to {order.customer.fullname}, reference{' '}
          <strong>{forms.refund.reference}</strong>? The customer is mailed.
        </Confirm>
      );
    }
    return (
      <form
        className="staff-form"
        onSubmit={onSubmit('refund.submit')}
        noValidate
        aria-label={`Mark the refund of ${formatNaira(refund.amount_kobo)} refunded`}
      >
        <TextField
          label="Reference of your transfer"
          required
          autoComplete="off"
          {...field('refund', 'reference')}
        />
        <p className="actions">
          <button type="submit" className="button">
            Mark refunded
          </button>
        </p>
      </form>
    );
  };

  return (
    <PaymentsPart>
      {payment ? <PaymentFacts payment={payment} /> : <NothingToPay />}
      <Receipts reference={order.reference_number} receipts={order.receipts} />
      {order.payment_mismatches.length > 0 && (
        <>
          <h3>Not counted: amount or currency differed</h3>
          <ul className="money-list">
            {order.payment_mismatches.map((mismatch) => (
              <li key={mismatch.paystack_reference} className="refund-overdue">
                <span className="reference">{mismatch.paystack_reference}</span>: asked{' '}
                {formatNaira(mismatch.asked_kobo)}, Paystack reported {mismatch.reported_currency}{' '}
                {(mismatch.reported_kobo / 100).toFixed(2)} ·{' '}
                <time dateTime={mismatch.at}>{formatLagosDate(mismatch.at)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
      <Refunds refunds={order.refunds} action={refundAction} />

      {owes && (
        <>
          <h3>Record a payment received at the office</h3>
          {snapshot.matches('payment') ? (
            <Confirm
              id="confirm-payment"
              yes="Yes, record it"
              busy={snapshot.matches({ payment: 'sending' })}
              busyLabel="Recording..."
              send={send}
            >
              Record{' '}
              <strong>{amount.success ? formatNaira(amount.data) : forms.payment.amount}</strong>{' '}
              received by {paymentMethodLabels[forms.payment.method ?? '']?.toLowerCase()} on{' '}
              {forms.payment.paid_on}, reference <strong>{forms.payment.reference}</strong>, for{' '}
              <span className="reference">{order.reference_number}</span>? A receipt is mailed to
              the customer.
            </Confirm>
          ) : (
            <form
              className="staff-form"
              onSubmit={onSubmit('payment.submit')}
              noValidate
              aria-label="Record a payment"
            >
              <TextField
                label="Amount in naira"
                required
                inputMode="decimal"
                autoComplete="off"
                hint={`Still to pay: ${formatNaira(payment.balance_kobo)}`}
                {...field('payment', 'amount')}
              />
              <SelectField
                label="Method"
                required
                placeholder="Choose…"
                options={officePaymentMethods.map((method: OfficePaymentMethod) => ({
                  value: method,
                  label: paymentMethodLabels[method] ?? method,
                }))}
                {...field('payment', 'method')}
              />
              <TextField
                label="Your reference"
                required
                autoComplete="off"
                hint="The transfer's reference or the cash receipt's number"
                {...field('payment', 'reference')}
              />
              <TextField
                label="Day received"
                type="date"
                required
                max={todayInLagos()}
                {...field('payment', 'paid_on')}
              />
              <p className="actions">
                <button type="submit" className="button">
                  Record payment
                </button>
              </p>
            </form>
          )}
        </>
      )}
    </PaymentsPart>
  );
}
