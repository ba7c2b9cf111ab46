/**
 * The crew's jobs on /crew (src/machines/crewJobsMachine.ts), grouped by day in window order: each
 * job's reference, window, whether it is paid, what is carried, and its stops (StopCard).
 */
import type { CrewJob, CrewStop } from '../../api/contract/crewDay';
import { dayHeading, lagosToday } from './labels';
import { StopCard } from './StopCard';

function JobCard({ job, onSaved }: { job: CrewJob; onSaved: (stop: CrewStop) => void }) {
  return (
    <article className="crew-job" aria-labelledby={`job-${job.reference}`}>
      <h3 id={`job-${job.reference}`}>
        <span className="crew-window">
          {job.window_start}–{job.window_end}
        </span>{' '}
        <span className="crew-reference">{job.reference}</span>
      </h3>
      <p className={job.paid ? 'crew-paid' : 'crew-unpaid'}>
        {job.paid
          ? 'Paid: collect no money.'
          : 'Not paid yet: do not hand over before staff say so.'}
      </p>
      {job.description && <p className="crew-description">{job.description}</p>}
      <ol className="crew-stops">
        {job.stops.map((stop) => (
          <StopCard key={stop.id} stop={stop} onSaved={onSaved} />
        ))}
      </ol>
    </article>
  );
}

/** The jobs by day, each day's in window order. */
function byDay(jobs: CrewJob[]): [string, CrewJob[]][] {
  const sorted = [...jobs].sort(
    (a, b) => a.date.localeCompare(b.date) || a.window_start.localeCompare(b.window_start),
  );
  const days = new Map<string, CrewJob[]>();
  for (const job of sorted) days.set(job.date, [...(days.get(job.date) ?? []), job]);
  return [...days];
}

export function CrewJobs({
  jobs,
  onSaved,
}: {
  jobs: CrewJob[];
  onSaved: (stop: CrewStop) => void;
}) {
  const days = lagosToday();
  if (!jobs.length)
    return <p className="crew-empty">No jobs for today or tomorrow. Tap Refresh to look again.</p>;
  return (
    <>
      {byDay(jobs).map(([day, dayJobs]) => (
        <section key={day} className="crew-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{dayHeading(day, days)}</h2>
          {dayJobs.map((job) => (
            <JobCard key={job.reference} job={job} onSaved={onSaved} />
          ))}
        </section>
      ))}
    </>
  );
}
