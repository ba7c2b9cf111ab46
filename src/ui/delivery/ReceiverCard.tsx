/** One receiver of a bulk delivery: address (and its landmark), name, phone number, delivery date, and its edit and delete buttons. */
import { FieldErrors } from '../components/Field';
import type { Receiver } from '../../api/contract/deliveries';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** docs/product.md: short month, 2-digit day. The stored text stays as typed if it is not a date. */
function shownDate(date: string): string {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(parsed) ? date : dateFormat.format(parsed);
}

interface ReceiverCardProps {
  receiver: Receiver;
  position: number;
  /** The booking's messages about this receiver (from the check before sending or from the server). */
  errors: string[];
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function ReceiverCard({
  receiver,
  position,
  errors,
  disabled,
  onEdit,
  onDelete,
}: ReceiverCardProps) {
  const title = `Receiver ${position + 1}`;
  return (
    <li className={errors.length ? 'receiver-card receiver-card-invalid' : 'receiver-card'}>
      <div className="receiver-card-head">
        <h3>{title}</h3>
        <div className="receiver-card-actions">
          <button
            type="button"
            className="icon-button"
            onClick={onEdit}
            disabled={disabled}
            aria-label={`Edit ${title}, ${receiver.name}`}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
              />
            </svg>
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={onDelete}
            disabled={disabled}
            aria-label={`Delete ${title}, ${receiver.name}`}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
              />
            </svg>
          </button>
        </div>
      </div>
      <dl>
        <div>
          <dt>Address</dt>
          <dd>{receiver.address}</dd>
        </div>
        {receiver.landmark?.trim() && (
          <div>
            <dt>Landmark</dt>
            <dd>{receiver.landmark}</dd>
          </div>
        )}
        <div>
          <dt>Name</dt>
          <dd>{receiver.name}</dd>
        </div>
        <div>
          <dt>Phone number</dt>
          <dd>{receiver.phone}</dd>
        </div>
        <div>
          <dt>Delivery date</dt>
          <dd>
            <time dateTime={receiver.date}>{shownDate(receiver.date)}</time>
          </dd>
        </div>
      </dl>
      <FieldErrors errors={errors} />
    </li>
  );
}
