/**
 * Settings › Users (USER-01..05), administrators only (the menu hides it and the settings route
 * falls back for others). Email, Last login, Role, Location (user-location flag) and actions; Add
 * user opens a new row in edit mode. Every action is a local action first: offline, an added user
 * shows at once with the pending mark and is sent when the network returns; a refusal only the
 * server can make (an e-mail another customer claimed cannot be; see README) comes back as a Sync issue.
 */
import { ActionButton, Button, Flex, Heading, Text, View } from '@adobe/react-spectrum'
import { useCallback, useMemo } from 'react'
import type { AssignableRole } from '../../../shared/schema/user'
import {
  locationOptions,
  selectedLocationKey,
  validateAddUserForm,
  type LocationOption,
} from '../../../shared/validation/integration-rules'
import { Messages } from '../../../shared/validation/messages'
import { useConfirm } from '../../components/confirm'
import { DataGrid, type DataGridColumn } from '../../components/data-grid'
import { PendingMark } from '../../components/pending-mark'
import { PlantDateTime, plantDateTimeText } from '../../components/plant-date-time'
import type { LocalDoc } from '../../db/collections'
import { usePlant, useSession } from '../../db/react/data-context'
import { useDocs } from '../../db/react/hooks'
import { isKept, useAction } from '../../hooks/use-action'
import { LocationPicker, NewUserEmailField, RolePicker, roleLabel } from './user-cells'
import { useNewUserDraft, type NewUserDraft } from './use-new-user-draft'
import { compareNames } from '../../../shared/text/name-order'

type UserDoc = LocalDoc<'users'>
type Row =
  { readonly kind: 'user'; readonly user: UserDoc } | { readonly kind: 'new'; readonly draft: NewUserDraft }
const U = Messages.users
const NEW_ROW_ID = 'new-user'

export default function UsersPage() {
  const session = useSession()
  const me = session.status === 'signed-in' ? session.user : undefined
  const { plant } = usePlant()
  const timeZone = plant?.timeZone ?? 'UTC'
  const flags = plant?.featureFlags
  const { data: users, loading } = useDocs('users')
  const { data: plants } = useDocs('plants')
  const { draft, open, update, close } = useNewUserDraft(me?.id ?? '', me?.plantId ?? '')
  const report = useAction()
  const confirm = useConfirm()

  const sorted = useMemo(() => [...users].sort((a, b) => compareNames(a.email, b.email)), [users])
  const rows = useMemo<ReadonlyArray<Row>>(
    () => [
      ...(draft ? [{ kind: 'new' as const, draft }] : []),
      ...sorted.map((user) => ({ kind: 'user' as const, user })),
    ],
    [draft, sorted],
  )
  const viewer = me?.locationConfig ?? null
  const plantOptions = useMemo(
    () => locationOptions({ plants, viewer: null, rowUser: null }).filter((o) => o.locationPlantId !== null),
    [plants],
  )
  const draftErrors = useMemo(() => {
    if (!draft?.tried) return {}
    const errors = validateAddUserForm({ ...draft, customerId: me?.customerId ?? '' })
    return Object.fromEntries(errors.map((e) => [String(e.path[0]), e.message]))
  }, [draft, me])

  const saveNew = useCallback(async () => {
    if (!draft || !me) return
    const errors = validateAddUserForm({ ...draft, customerId: me.customerId })
    if (errors.length > 0) {
      update({ tried: true })
      return
    }
    const plantName = plants.find((p) => p.id === draft.locationPlantId)?.name ?? null
    const outcome = await report(
      'addUser',
      {
        userId: draft.userId,
        email: draft.email,
        locationPlantId: draft.locationPlantId,
        locationName: plantName,
      },
      { saved: U.added, failed: U.errorAdding },
    )
    // Kept open on a refusal (e.g. 'User with the email already exists'): the e-mail stays to be fixed.
    if (isKept(outcome)) close()
  }, [close, draft, me, plants, report, update])

  const cancelNew = useCallback(async () => {
    if (draft && draft.email.trim() !== '') {
      const discard = await confirm({
        title: 'Discard changes?',
        body: `The new user ${draft.email.trim()} has not been saved.`,
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
        variant: 'destructive',
      })
      if (!discard) return
    }
    close()
  }, [close, confirm, draft])

  const setRole = useCallback(
    (user: UserDoc, role: AssignableRole) =>
      void report(
        'setUserRole',
        { userId: user.id, role },
        // The spec names 'Error Saving Location' as the role update's error text.
        { saved: U.roleUpdated, failed: U.errorSavingLocation },
      ),
    [report],
  )
  const setLocation = useCallback(
    (user: UserDoc, option: LocationOption) =>
      void report(
        'setUserLocation',
        {
          userId: user.id,
          locationConfig: { locationName: option.locationName, locationPlantId: option.locationPlantId },
        },
        { saved: U.savedLocation, failed: U.errorSavingLocation },
      ),
    [report],
  )
  const remove = useCallback(
    async (user: UserDoc) => {
      const ok = await confirm({
        title: 'Delete user',
        body: U.deleteConfirm(user.email),
        confirmLabel: 'Confirm',
        cancelLabel: 'Cancel',
        variant: 'destructive',
      })
      if (ok) await report('deleteUser', { userId: user.id }, { failed: U.errorDeleting })
    },
    [confirm, report],
  )

  const columns = useMemo(() => {
    const list: Array<DataGridColumn<Row>> = [
      {
        id: 'email',
        header: 'Email',
        sticky: 'start',
        width: '30%',
        cell: (row) =>
          row.kind === 'new' ? (
            <NewUserEmailField
              email={row.draft.email}
              error={draftErrors.email}
              onChange={(email) => update({ email })}
              onSave={() => void saveNew()}
              onCancel={() => void cancelNew()}
            />
          ) : (
            <span className="qm-user-email">
              <Text>{row.user.email}</Text>
              <PendingMark pending={row.user.pendingSince !== undefined} saving={row.user.saving === true} />
            </span>
          ),
        sortValue: (row) => (row.kind === 'new' ? '' : row.user.email.toLowerCase()),
        csv: (row) => (row.kind === 'user' ? row.user.email : null),
      },
      {
        id: 'lastLogin',
        header: 'Last login',
        priority: 2,
        cell: (row) =>
          row.kind === 'user' && row.user.lastLogin ? (
            <PlantDateTime utc={row.user.lastLogin} />
          ) : (
            <Text>{U.neverLoggedIn}</Text>
          ),
        sortValue: (row) => (row.kind === 'user' ? (row.user.lastLogin ?? '') : ''),
        csv: (row) =>
          row.kind === 'user' && row.user.lastLogin
            ? plantDateTimeText(row.user.lastLogin, timeZone)
            : U.neverLoggedIn,
      },
      {
        id: 'role',
        header: 'Role',
        cell: (row) =>
          row.kind === 'new' ? (
            <Text>User</Text>
          ) : (
            <RolePicker
              email={row.user.email}
              role={row.user.role}
              // Decision (README): nobody changes their own role.
              isDisabled={row.user.id === me?.id}
              onChange={(role) => setRole(row.user, role)}
            />
          ),
        sortValue: (row) => (row.kind === 'user' ? row.user.role : ''),
        csv: (row) => (row.kind === 'user' ? roleLabel(row.user.role) : null),
      },
    ]
    if (flags?.userLocation || draft) {
      list.push({
        id: 'location',
        header: 'Location',
        // The select's label for the stored location, as the grid shows it.
        ...(flags?.userLocation
          ? {
              csv: (row: Row) =>
                row.kind === 'user'
                  ? (locationOptions({ plants, viewer, rowUser: row.user.locationConfig }).find(
                      (o) => o.key === selectedLocationKey(row.user.locationConfig),
                    )?.label ?? null)
                  : null,
            }
          : {}),
        cell: (row) => {
          if (row.kind === 'new')
            return (
              <LocationPicker
                label="Location of the new user"
                options={plantOptions}
                selectedKey={row.draft.locationPlantId ? `plant:${row.draft.locationPlantId}` : null}
                error={draftErrors.locationPlantId ?? draftErrors.customerId}
                onChange={(option) => update({ locationPlantId: option.locationPlantId ?? '' })}
              />
            )
          if (!flags?.userLocation) return null
          return (
            <LocationPicker
              label={`Location of ${row.user.email}`}
              options={locationOptions({ plants, viewer, rowUser: row.user.locationConfig })}
              selectedKey={selectedLocationKey(row.user.locationConfig)}
              onChange={(option) => setLocation(row.user, option)}
            />
          )
        },
      })
    }
    list.push({
      id: 'actions',
      header: 'Actions',
      sticky: 'end',
      width: 190,
      cell: (row) =>
        row.kind === 'new' ? (
          <Flex gap="size-100" wrap>
            <Button variant="accent" onPress={() => void saveNew()} UNSAFE_className="qm-hit">
              Save
            </Button>
            <Button variant="secondary" onPress={() => void cancelNew()} UNSAFE_className="qm-hit">
              Cancel
            </Button>
          </Flex>
        ) : flags?.userDeletion && row.user.id !== me?.id ? (
          <ActionButton
            aria-label={`Delete ${row.user.email}`}
            onPress={() => void remove(row.user)}
            UNSAFE_className="qm-hit"
          >
            Delete
          </ActionButton>
        ) : null,
    })
    return list
  }, [
    cancelNew,
    draft,
    draftErrors,
    flags,
    me,
    plantOptions,
    plants,
    remove,
    saveNew,
    setLocation,
    setRole,
    timeZone,
    update,
    viewer,
  ])

  return (
    <View>
      <Heading level={2} marginTop={0}>
        Users
      </Heading>
      <Flex alignItems="center" justifyContent="space-between" wrap gap="size-200" marginBottom="size-200">
        <Button
          variant="accent"
          onPress={open}
          isDisabled={draft !== undefined || !me}
          UNSAFE_className="qm-hit"
        >
          Add user
        </Button>
        <Text data-testid="total-users">
          {U.totalUsers}: {loading ? '…' : users.length}
        </Text>
      </Flex>
      <DataGrid
        ariaLabel="Users"
        rows={rows}
        columns={columns}
        getRowId={(row) => (row.kind === 'new' ? NEW_ROW_ID : row.user.id)}
        emptyText="No users found"
        loading={loading}
        csvName="Users"
        csvSkip={(row) => row.kind === 'new'}
      />
    </View>
  )
}
