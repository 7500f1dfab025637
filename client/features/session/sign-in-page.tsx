import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useRouter, useSearch } from '@tanstack/react-router'
import { Button, Content, Flex, Form, Heading, InlineAlert, TextField, View } from '@adobe/react-spectrum'
import { Messages } from '../../../shared/validation/messages'
import { useAppData, useSession, useSyncStatus } from '../../db/react/data-context'
import { afterSignIn } from './redirect-target'
import { preloadSignedInArea } from './signed-in-area'

const PRODUCT_NAME = 'Quality Monitoring'

/**
 * Email + password sign-in. The server's message is shown as it comes ('Invalid email or password');
 * after an expired session the page says whose pending changes are kept and that only their author's
 * sign-in sends them.
 */
export function SignInPage() {
  const { controller } = useAppData()
  const session = useSession()
  const status = useSyncStatus()
  const { redirect } = useSearch({ from: '/sign-in' })
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const router = useRouter()
  const prepared = useRef(false)

  // Signed in (here, or already with the identity stored on this device): back to where the user was.
  const signedIn = session.status === 'signed-in'
  // Once per sign-in: this page can render once more after leaving (the next screen's code loads on
  // demand), when ?redirect= is already gone, and must not send the user on to the default section.
  const left = useRef(false)
  useEffect(() => {
    if (!signedIn) {
      left.current = false
      return
    }
    if (left.current) return
    left.current = true
    router.history.replace(afterSignIn(redirect))
  }, [signedIn, redirect, router])
  if (signedIn) return null

  // What signing in needs downloads while the user types: on a slow network the code is there by
  // the time the form is sent (only once; the browser keeps it).
  const prepare = () => {
    if (prepared.current) return
    prepared.current = true
    preloadSignedInArea()
    controller.prepareSignIn()
  }
  const expired = session.status === 'signed-out' && session.reason === 'expired'
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    preloadSignedInArea()
    try {
      await controller.signIn(email.trim(), password)
    } catch (err) {
      setError(err instanceof Error ? err.message : Messages.server.invalidCredentials)
      setBusy(false)
    }
  }

  return (
    <main className="qm-sign-in">
      <Heading level={1} marginBottom="size-50">
        {PRODUCT_NAME}
      </Heading>
      <Heading level={2} marginTop={0}>
        Sign in
      </Heading>
      <Flex direction="column" gap="size-200">
        {expired && (
          <InlineAlert variant="notice">
            <Heading>Your session has expired</Heading>
            <Content>
              Sign in again to continue.{' '}
              {status.pendingCount > 0 && status.pendingAuthorEmail
                ? pendingOf(status.pendingCount, status.pendingAuthorEmail)
                : 'Changes made on this device are kept here and are sent when the person who made them signs in again.'}
            </Content>
          </InlineAlert>
        )}
        {!status.online && (
          <InlineAlert variant="info">
            <Heading>You are offline</Heading>
            <Content>
              Signing in needs a connection to the server. Once you have signed in on this device, the app
              also opens without one.
            </Content>
          </InlineAlert>
        )}
        {error !== null && (
          <InlineAlert variant="negative">
            <Heading>Sign-in failed</Heading>
            <Content>{error}</Content>
          </InlineAlert>
        )}
        <View>
          <Form
            onSubmit={(e) => void onSubmit(e)}
            aria-label="Sign in"
            validationBehavior="native"
            isDisabled={busy}
          >
            <TextField
              label={Messages.server.emailLabel}
              type="email"
              name="email"
              autoComplete="username"
              isRequired
              autoFocus
              value={email}
              onChange={(value) => {
                prepare()
                setEmail(value)
              }}
            />
            <TextField
              label={Messages.server.passwordLabel}
              type="password"
              name="password"
              autoComplete="current-password"
              isRequired
              value={password}
              onChange={(value) => {
                prepare()
                setPassword(value)
              }}
            />
            <Button type="submit" variant="accent" marginTop="size-200" isPending={busy}>
              Sign in
            </Button>
          </Form>
        </View>
      </Flex>
    </main>
  )
}

/** Pending actions belong to their author: only that person's sign-in sends them (issue 11). */
const pendingOf = (count: number, email: string) =>
  `${count} pending ${count === 1 ? 'change' : 'changes'} made by ${email} ${count === 1 ? 'is' : 'are'} kept on this device. ` +
  `${count === 1 ? 'It is' : 'They are'} sent when ${email} signs in again; signing in as someone else keeps ${count === 1 ? 'it' : 'them'} waiting.`
