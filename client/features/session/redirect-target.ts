/** Only same-site paths: a crafted ?redirect= must not send a user to another site. */
export function isLocalPath(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/sign-in')
  )
}

/** Where to go after signing in. */
export const afterSignIn = (redirect: string | undefined): string =>
  redirect !== undefined && isLocalPath(redirect) ? redirect : '/settings'
