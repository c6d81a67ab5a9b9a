// The auth feature's public surface (decision 0467): what other features may use.
export { SignInControls } from './sign-in-controls';
export { useForgetSignedInUser, useSignOut } from './use-sign-out';
