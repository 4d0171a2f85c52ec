// The seeded demo accounts the tests sign in as.
export const ADMIN = { email: 'admin@sportify.camp', password: 'Admin@2026' };
export const JORDAN = { email: 'jordan@sportify.camp', password: 'Coach@2026' };
export const SAM = { email: 'sam@sportify.camp', password: 'Coach@2026' };
export const MIA = { email: 'mia@sportify.camp', password: 'Student@2026' };
export const NOAH = { email: 'noah@sportify.camp', password: 'Student@2026' };
