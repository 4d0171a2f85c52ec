// The stack's ports, overridable with the launcher's variables so several runs can coexist on one machine.
const port = (name: string, fallback: number) => Number(process.env[name] || fallback);

export const ports = {
  shell: port('SHELL_PORT', 3000),
  mfPublic: port('MF_PUBLIC_PORT', 3001),
  mfStudent: port('MF_STUDENT_PORT', 3002),
  mfInstructor: port('MF_INSTRUCTOR_PORT', 3003),
  mfAdmin: port('MF_ADMIN_PORT', 3004),
  api: port('API_PORT', 5000),
  /** GET /metrics of the API and of the page server, on ports of their own. */
  apiMetrics: port('API_METRICS_PORT', 5001),
  pageMetrics: port('PAGE_METRICS_PORT', 3005),
  auth: port('FIREBASE_AUTH_EMULATOR_PORT', 9099),
  database: port('DEVDB_PORT', 27017),
  mailInbox: port('MAILDEV_WEB_PORT', 1080),
  mailSmtp: port('MAILDEV_SMTP_PORT', 1025),
  /** The picture journey's web server on "another host" (tests/pictures.spec.ts): the API may import from it. */
  pictures: port('SHELL_PORT', 3000) + 8,
  /** mf-public's dev server (`npm run dev -w mf-public`). */
  mfPublicDev: port('MF_PUBLIC_DEV_PORT', 4101),
  /** The scaled site the scaled journey starts beside the stack (tests/scaled.spec.ts): its ports, 10 above. */
  get scaled() {
    const { shell, mfPublic, mfStudent, mfInstructor, mfAdmin, api } = this;
    return {
      shell: shell + 10,
      mfPublic: mfPublic + 10,
      mfStudent: mfStudent + 10,
      mfInstructor: mfInstructor + 10,
      mfAdmin: mfAdmin + 10,
      api: api + 10,
    };
  },
};
