// The stack's ports, overridable with the launcher's variables so several runs can coexist on one machine.
const port = (name: string, fallback: number) => Number(process.env[name] || fallback);

export const ports = {
  shell: port('SHELL_PORT', 3000),
  mfPublic: port('MF_PUBLIC_PORT', 3001),
  mfStudent: port('MF_STUDENT_PORT', 3002),
  mfInstructor: port('MF_INSTRUCTOR_PORT', 3003),
  mfAdmin: port('MF_ADMIN_PORT', 3004),
  api: port('API_PORT', 5000),
  auth: port('FIREBASE_AUTH_EMULATOR_PORT', 9099),
  mailInbox: port('MAILDEV_WEB_PORT', 1080),
  /** mf-public's dev server (`npm run dev -w mf-public`). */
  mfPublicDev: port('MF_PUBLIC_DEV_PORT', 4101),
};
