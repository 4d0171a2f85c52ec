// @sportify/shared-ui/dialog: the site's modal and its confirmation. Not shared at run time: a package bundles it
// with the screens that open one, so no first view carries it and a remote needs no shell release to use it.
export { Dialog, type DialogProps } from './Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
