// `@sportify/shared-ui/pictures`: what only forms that take a picture need. Not a shared module of the federation,
// so it is bundled into the chunks of the screens that import it, never into the first view every page loads; it
// takes everything else from `@sportify/shared-ui`, the page's one copy.
export { PictureField, type PictureFieldProps } from './PictureField';
export { PICTURE_MAX_BYTES, PICTURE_TYPES, pictureFileProblem } from './pictureFile';
export { uploadPicture } from './uploadPicture';
