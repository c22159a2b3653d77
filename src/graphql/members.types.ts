// GraphQL surface of members and invitations. Resolvers only adapt.
import { publicField, requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { inputFromZod } from './zod-types.js';
import { updateRoleInput } from '../modules/members/members.service.js';
import { acceptInput, inviteInput } from '../modules/members/invitations.service.js';
import { idempotent } from './idempotency.js';
import { AuthPayload } from './auth.types.js';
import type { MemberView } from '../modules/members/members.service.js';
import type { CreatedInvitation, InvitationView } from '../modules/members/invitations.service.js';

const Member = builder.objectRef<MemberView>('Member').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName'),
    role: t.string({ resolve: (member) => member.role.name }),
    roleId: t.id({ resolve: (member) => member.role.id }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
  }),
});

const invitationFields = builder.objectRef<InvitationView>('Invitation').implement({
  description:
    'A pending invitation: it holds a seat under the plan’s member limit until accepted, revoked or expired.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.string({ resolve: (invitation) => invitation.role.name }),
    roleId: t.id({ resolve: (invitation) => invitation.role.id }),
    invitedByUserId: t.exposeID('invitedByUserId', { nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const MemberPage = builder.objectRef<{ members: MemberView[]; nextCursor: string | null }>('MemberPage').implement({
  fields: (t) => ({
    members: t.field({ type: [Member], resolve: (page) => page.members }),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
  }),
});

const InvitationPage = builder
  .objectRef<{ invitations: InvitationView[]; nextCursor: string | null }>('InvitationPage')
  .implement({
    fields: (t) => ({
      invitations: t.field({ type: [invitationFields], resolve: (page) => page.invitations }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const CreatedInvitationRef = builder.objectRef<CreatedInvitation>('CreatedInvitation').implement({
  description: 'A new invitation with its one-time token, shown only here. Pass it to the invitee.',
  fields: (t) => ({
    invitation: t.field({ type: invitationFields, resolve: (created) => created }),
    token: t.exposeString('token'),
  }),
});

const InviteMemberInput = inputFromZod('InviteMemberInput', inviteInput);
const UpdateMemberRoleInput = inputFromZod('UpdateMemberRoleInput', updateRoleInput);
const AcceptInvitationInput = inputFromZod(
  'AcceptInvitationInput',
  acceptInput,
  'Logged in: only the token. Without an account: the token, a password and a display name.',
);

builder.queryFields((t) => ({
  members: t.field({
    type: MemberPage,
    description: 'Newest first.',
    ...requires('members:list'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.members.list(principal!, args),
  }),
  invitations: t.field({
    type: InvitationPage,
    description: 'Pending invitations, newest first.',
    ...requires('members:list'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.invitations.listPending(principal!, args),
  }),
}));

builder.mutationFields((t) => ({
  inviteMember: t.field({
    nullable: true,
    type: CreatedInvitationRef,
    ...requires('members:invite'),
    args: { input: t.arg({ type: InviteMemberInput, required: true }) },
    resolve: idempotent((_root, { input }, { services, principal, requestId }, slot) =>
      services.invitations.invite(principal!, input, requestId, slot),
    ),
  }),
  revokeInvitation: t.field({
    nullable: true,
    type: invitationFields,
    ...requires('members:invite'),
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, { services, principal, requestId }) =>
      services.invitations.revoke(principal!, id, requestId),
  }),
  acceptInvitation: t.field({
    ...publicField('the invitation token is the credential'),
    nullable: true,
    type: AuthPayload,
    description: 'Joins the inviting tenant and returns a session there.',
    args: { input: t.arg({ type: AcceptInvitationInput, required: true }) },
    resolve: (_root, { input }, { services, principal, requestId }) =>
      services.invitations.accept(principal, input, requestId),
  }),
  updateMemberRole: t.field({
    nullable: true,
    type: Member,
    ...requires('members:update_role'),
    args: { userId: t.arg.string({ required: true }), input: t.arg({ type: UpdateMemberRoleInput, required: true }) },
    resolve: (_root, { userId, input }, { services, principal, requestId }) =>
      services.members.updateRole(principal!, userId, input, requestId),
  }),
  removeMember: t.field({
    nullable: true,
    type: Member,
    ...requires('members:remove'),
    args: { userId: t.arg.string({ required: true }) },
    resolve: (_root, { userId }, { services, principal, requestId }) =>
      services.members.remove(principal!, userId, requestId),
  }),
}));
