/** A button that fetches a CSV file with the staff session and hands it to the browser to save (csvDownloadMachine). */
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { csvDownloadMachine } from '../../machines/csvDownloadMachine';
import { useFlow } from '../components/useFlow';

/** Hands the fetched file to the browser as a download. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

interface DownloadCsvProps {
  label: string;
  fileName: string;
  /** Reads the file (called when the button is pressed, so it always has the current filters). */
  fetchFile: () => Promise<Blob>;
}

export function DownloadCsv({ label, fileName, fetchFile }: DownloadCsvProps) {
  const fetchFileRef = useRef(fetchFile);
  const { send, busy } = useFlow<typeof csvDownloadMachine>(csvDownloadMachine, () => ({
    actors: { download: fromPromise(async () => save(await fetchFileRef.current(), fileName)) },
  }));
  fetchFileRef.current = fetchFile;
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => send({ type: 'download' })}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? 'Exporting...' : label}
    </button>
  );
}
