/** The signed-in session as the site keeps it (src/api/storage.ts stores it; machines only read its shape). */
export interface StoredSession {
  token: string;
  id: string;
  profileImage: string;
  email: string;
  /**
   * From the login answer: staff see the Staff link and pages, a crew member the crew's jobs.
   * The server checks it on every call.
   */
  role?: 'customer' | 'staff' | 'crew';
}
