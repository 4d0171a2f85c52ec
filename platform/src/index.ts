export { DEV_MODE_VARIABLE, isDevelopment, modeOf, type Env, type Mode } from './mode';
export {
  httpUrl,
  optional,
  productionProblems,
  required,
  requireProductionSettings,
  secret,
  SettingsError,
  type SettingCheck,
} from './settings';
export { escapeHtml } from './html';
export {
  defaultsOf,
  isProduction,
  readSettings,
  setting,
  settingKinds,
  z,
  type SettingDefault,
  type SettingDoc,
} from './env-settings';
