# Source this to run the journeys on a port set of their own: `. e2e/ports.sh 3` uses 31x0-ports (slot 1-9),
# so several engineers (or a running `npm start`) do not collide. Playwright passes them to the launcher.
slot=${1:?usage: . e2e/ports.sh SLOT(1-9)}
export SHELL_PORT=3${slot}00 MF_PUBLIC_PORT=3${slot}01 MF_STUDENT_PORT=3${slot}02 MF_INSTRUCTOR_PORT=3${slot}03 MF_ADMIN_PORT=3${slot}04
export API_PORT=5${slot}00 DEVDB_PORT=27${slot}00 FIREBASE_AUTH_EMULATOR_PORT=9${slot}99 SPORTIFY_DATA_DIR=.data-e2e-${slot}
export MAILDEV_SMTP_PORT=1${slot}25 MAILDEV_WEB_PORT=1${slot}80
export API_METRICS_PORT=5${slot}01 PAGE_METRICS_PORT=3${slot}05
# The remotes' dev servers (npm run dev -w <remote>), which e2e/tests/override.spec.ts starts.
export MF_PUBLIC_DEV_PORT=4${slot}01 MF_STUDENT_DEV_PORT=4${slot}02 MF_INSTRUCTOR_DEV_PORT=4${slot}03 MF_ADMIN_DEV_PORT=4${slot}04
