// Public surface of @sportify/shared-ui (one line each in README.md). Import only from the package name.
export * from './config/runtimeConfig';
export type * from './api/contract';
export { theme, media, type AppTheme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { AppProviders } from './components/AppProviders';
export { Avatar } from './components/Avatar';
export { ClassPicture } from './components/ClassPicture';
export { pictureOfUrl, shownPicture } from './components/pictureSources';
export { Button, type ButtonVariant } from './components/Button';
export { PageHeading } from './components/PageHeading';
export { VisuallyHidden } from './components/VisuallyHidden';
export { Spinner } from './components/Spinner';
export { Card, CardBody, CardGrid } from './components/Card';
export { ListState, LoadError, StatePanel, type ListQuery, type ListStateProps } from './components/ListState';
export { FormCard } from './forms/FormCard';
export { usePageTitle, formatTitle, SITE_NAME } from './hooks/usePageTitle';
export { setUnauthorizedHandler } from './api/unauthorized';
export { loadHttpClient } from './api/loadHttpClient';
export {
  axiosBaseQuery,
  type ApiError,
  type ApiRequestContext,
  type RequestArgs,
  type RequestOptions,
} from './api/axiosBaseQuery';
export { apiErrorMessage, apiMessage, apiStatus, loadErrorText, UNREACHABLE_TEXT } from './api/apiErrorMessage';
export { api, type Api, type ApiTagType } from './api/api';
export { TOKEN_KEY, tokenStorage } from './session/tokenStorage';
export * from './session/sessionSlice';
export {
  rootReducer,
  makeStore,
  handoverDone,
  type StoreOptions,
  type LazyLoadedSlices,
  type RootState,
  type AppStore,
  type AppDispatch,
} from './store/store';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';
export { renderStandalone, type ExposedModules, type StandaloneScreen } from './standalone/renderStandalone';
export { FormField, TextInput, TextArea, Select, ErrorText, type FormFieldProps } from './forms/FormField';
export { useForm, type FormValues, type FormErrors, type Validator, type UseFormResult } from './forms/useForm';
export { notify, AppToastContainer, TOAST_DURATIONS, TOAST_LIMIT } from './toast/notify';
export * from './lists';
export { adoptShownCampDates, campTimeZone, formatCampDate, toCampInputValue } from './dates/campDate';
export { ClassStarts } from './dates/ClassStarts';
export { saveFile } from './files/saveFile';
