import { type VoucherkitClient, createClient } from '@voucherkit/client';
import { describe, expect, test } from 'vitest';
import { expectUnknownIdsAndProjectsRefused } from '../../../support/management-not-found.js';
import { managementHeaders, useMockService } from '../../../support/setup.js';

const mock = useMockService();

const users = () => mock.managementClient().management.users;
const projectsApi = () => mock.managementClient().management.projects;
const sandboxId = () => mock.service.projects.primary.id;

/** A second project, made through the management API. */
const newProject = async (extra: Record<string, unknown> = {}) =>
  (await projectsApi().create({ name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'EUR', ...extra })).id;

/** An invitation of Maya to the projects given (the sandbox project as a user by default). */
const inviteMaya = (projects: Record<string, string> = { [sandboxId()]: 'USER' }) =>
  users().invite({ email: 'maya.okafor@example.com', first_name: 'Maya', last_name: 'Okafor', projects });

/** The organisation's owner, working in the sandbox project as its administrator. */
const addOwner = () =>
  mock.service.organisation.users.create({
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Silva',
    owner: true,
    projects: { [sandboxId()]: 'ADMIN' },
  });

const loginsIn = async (projectId: string) => (await users().list(projectId)).data.map((user) => user.login);

describe('inviting users', () => {
  test('an invited user is a user of the organisation at once, in the projects named with their roles', async () => {
    const euId = await newProject();
    await expect(inviteMaya({ [sandboxId()]: 'USER', [euId]: 'VIEWER' })).resolves.toBeUndefined();
    const list = await users().list(sandboxId());
    expect(list).toMatchObject({ object: 'list', data_ref: 'data', total: 1 });
    const [maya] = list.data;
    expect(maya).toEqual({
      id: expect.stringMatching(/^user_[0-9a-f]{18}$/),
      login: 'maya.okafor@example.com',
      email: 'maya.okafor@example.com',
      first_name: 'Maya',
      last_name: 'Okafor',
      projects: { [sandboxId()]: 'USER', [euId]: 'VIEWER' },
      is_owner: false,
    });
    expect(await loginsIn(euId)).toEqual(['maya.okafor@example.com']);
    expect(mock.service.organisation.users.list().map((user) => user.id)).toEqual([maya?.id]);
  });

  test('an address already used as a login or email is a duplicate (409), in any letter case', async () => {
    await inviteMaya();
    await expect(
      users().invite({
        email: 'Maya.Okafor@Example.com',
        first_name: 'M',
        last_name: 'O',
        projects: { [sandboxId()]: 'USER' },
      }),
    ).rejects.toMatchObject({
      status: 409,
      key: 'duplicate_found',
      details: 'Duplicated user exists with email Maya.Okafor@Example.com',
      resourceType: 'user',
      resourceId: 'Maya.Okafor@Example.com',
    });
    expect(mock.service.organisation.users.list()).toHaveLength(1);
  });

  test('refuses unknown projects (404), roles that do not exist, no project and a malformed address (400); nothing is made', async () => {
    const invite = (fields: Record<string, unknown>) =>
      users().invite({
        email: 'tomas@example.com',
        first_name: 'Tomas',
        last_name: 'Lindqvist',
        projects: { [sandboxId()]: 'USER' },
        ...fields,
      } as never);
    await expect(invite({ projects: { proj_Zz0a0Aa0: 'USER' } })).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'project',
      resourceId: 'proj_Zz0a0Aa0',
    });
    await expect(invite({ projects: { [sandboxId()]: 'SUPERVISOR' } })).rejects.toMatchObject({
      status: 400,
      key: 'used_incorrect_role',
      details: "The role 'SUPERVISOR' is incorrect",
    });
    await expect(invite({ projects: {} })).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(invite({ email: 'not-an-address' })).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(invite({ first_name: undefined })).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    expect(mock.service.organisation.users.list()).toEqual([]);
    expect((await users().list(sandboxId())).total).toBe(0);
  });

  test('a custom role is named by its id', async () => {
    await inviteMaya({ [sandboxId()]: 'role_Xy7aB9cD2eF4' });
    expect((await users().get(sandboxId(), 'maya.okafor@example.com')).projects).toEqual({
      [sandboxId()]: 'role_Xy7aB9cD2eF4',
    });
  });
});

describe('assigning users to projects', () => {
  test('assigns an existing user by id or by login; assigning again changes the role', async () => {
    await inviteMaya();
    const euId = await newProject();
    const maya = (await users().get(sandboxId(), 'maya.okafor@example.com')).id;
    const assigned = await users().assign(euId, { id: maya, role: 'MERCHANT' });
    expect(assigned).toMatchObject({ id: maya, projects: { [sandboxId()]: 'USER', [euId]: 'MERCHANT' } });
    const again = await users().assign(euId, { login: 'MAYA.OKAFOR@example.com', role: 'ADMIN', id: null } as never);
    expect(again.projects).toEqual({ [sandboxId()]: 'USER', [euId]: 'ADMIN' });
    expect(await loginsIn(euId)).toEqual(['maya.okafor@example.com']);
  });

  test('refuses both ways of naming the user or neither, roles that do not exist (400) and users the organisation lacks (404)', async () => {
    await inviteMaya();
    const euId = await newProject();
    const maya = (await users().get(sandboxId(), 'maya.okafor@example.com')).id;
    await expect(
      users().assign(euId, { id: maya, login: 'maya.okafor@example.com', role: 'USER' }),
    ).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: 'Name the user by id or by login, not both.',
    });
    await expect(users().assign(euId, { role: 'USER' })).rejects.toMatchObject({ status: 400, key: 'invalid_payload' });
    await expect(users().assign(euId, { id: maya } as never)).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    await expect(users().assign(euId, { id: maya, role: 'admin' })).rejects.toMatchObject({
      status: 400,
      key: 'used_incorrect_role',
    });
    await expect(users().assign(euId, { login: 'nobody@example.com', role: 'USER' })).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'user',
      resourceId: 'nobody@example.com',
    });
    expect((await users().list(euId)).total).toBe(0);
  });

  test("changes a user's role in one project; their other roles stay", async () => {
    const euId = await newProject();
    await inviteMaya({ [sandboxId()]: 'USER', [euId]: 'USER' });
    const changed = await users().update(euId, 'maya.okafor@example.com', { role: 'VIEWER' });
    expect(changed.projects).toEqual({ [sandboxId()]: 'USER', [euId]: 'VIEWER' });
    await expect(users().update(euId, 'maya.okafor@example.com', { role: 'OWNER' })).rejects.toMatchObject({
      status: 400,
      key: 'used_incorrect_role',
    });
    expect((await users().get(euId, changed.id)).projects[euId]).toBe('VIEWER');
  });

  test('a user of the organisation outside the project is not found there (404), for reads and role changes', async () => {
    const euId = await newProject();
    await inviteMaya();
    const maya = (await users().get(sandboxId(), 'maya.okafor@example.com')).id;
    const notThere = {
      status: 404,
      key: 'not_found',
      resourceType: 'user',
      resourceId: maya,
      details: `Cannot find user '${maya}' assigned to the project '${euId}'`,
    };
    await expect(users().get(euId, maya)).rejects.toMatchObject(notThere);
    await expect(users().update(euId, maya, { role: 'ADMIN' })).rejects.toMatchObject(notThere);
  });

  test('lists a project’s users in the order they joined it', async () => {
    addOwner();
    await inviteMaya();
    await users().invite({
      email: 'tomas@example.com',
      first_name: 'Tomas',
      last_name: 'Lindqvist',
      projects: { [sandboxId()]: 'VIEWER' },
    });
    const list = await users().list(sandboxId());
    expect(list.total).toBe(3);
    expect(list.data.map((user) => [user.login, user.projects[sandboxId()], user.is_owner])).toEqual([
      ['ana@example.com', 'ADMIN', true],
      ['maya.okafor@example.com', 'USER', false],
      ['tomas@example.com', 'VIEWER', false],
    ]);
  });
});

describe('unassigning users', () => {
  test('takes the project from the user; they stay in their other projects', async () => {
    const euId = await newProject();
    await inviteMaya({ [sandboxId()]: 'USER', [euId]: 'VIEWER' });
    await expect(users().unassign(euId, 'maya.okafor@example.com')).resolves.toBeUndefined();
    expect(await loginsIn(euId)).toEqual([]);
    await expect(users().get(euId, 'maya.okafor@example.com')).rejects.toMatchObject({ status: 404 });
    expect((await users().get(sandboxId(), 'maya.okafor@example.com')).projects).toEqual({ [sandboxId()]: 'USER' });
  });

  test('refuses a user not assigned (user_not_assigned) and a user’s only project (400), and unknown users (404)', async () => {
    const euId = await newProject();
    await inviteMaya();
    await expect(users().unassign(euId, 'maya.okafor@example.com')).rejects.toMatchObject({
      status: 400,
      key: 'user_not_assigned',
      body: expect.objectContaining({ message: 'User is not assigned' }),
      details: 'User is not assigned to the project',
    });
    await expect(users().unassign(sandboxId(), 'maya.okafor@example.com')).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
      details: expect.stringContaining('only project'),
    });
    await expect(users().unassign(sandboxId(), 'user_0000000000000000ff')).rejects.toMatchObject({
      status: 404,
      resourceType: 'user',
      resourceId: 'user_0000000000000000ff',
    });
    expect(await loginsIn(sandboxId())).toEqual(['maya.okafor@example.com']);
  });
});

describe("a new project's users", () => {
  test('the owners join as administrators, and the users the request names with their roles', async () => {
    addOwner();
    await inviteMaya();
    const euId = await newProject({ users: [{ login: 'maya.okafor@example.com', role: 'VIEWER' }] });
    const list = await users().list(euId);
    expect(list.data.map((user) => [user.login, user.projects[euId]])).toEqual([
      ['ana@example.com', 'ADMIN'],
      ['maya.okafor@example.com', 'VIEWER'],
    ]);
  });

  test('an unknown user (404), a role that does not exist or a user named twice over (400) makes no project', async () => {
    await inviteMaya();
    const create = (user: Record<string, unknown>) =>
      projectsApi().create({ name: 'EU shop', timezone: 'Europe/Warsaw', currency: 'EUR', users: [user as never] });
    await expect(create({ login: 'nobody@example.com', role: 'USER' })).rejects.toMatchObject({
      status: 404,
      key: 'not_found',
      resourceType: 'user',
    });
    await expect(create({ login: 'maya.okafor@example.com', role: 'CHIEF' })).rejects.toMatchObject({
      status: 400,
      key: 'used_incorrect_role',
    });
    await expect(create({ id: 'user_x', login: 'maya.okafor@example.com', role: 'USER' })).rejects.toMatchObject({
      status: 400,
      key: 'invalid_payload',
    });
    expect(mock.service.projects.list()).toHaveLength(1);
  });

  test("a deleted project leaves its users' roles", async () => {
    const euId = await newProject();
    await inviteMaya({ [sandboxId()]: 'USER', [euId]: 'ADMIN' });
    await projectsApi().delete(euId);
    expect((await users().get(sandboxId(), 'maya.okafor@example.com')).projects).toEqual({ [sandboxId()]: 'USER' });
  });
});

describe('errors every operation shares', () => {
  test('unknown users and projects are 404, naming what was looked for', async () => {
    await inviteMaya();
    const maya = (await users().get(sandboxId(), 'maya.okafor@example.com')).id;
    const api = users();
    await expectUnknownIdsAndProjectsRefused(
      {
        list: (projectId) => api.list(projectId),
        create: (projectId, body) => api.assign(projectId, body),
        get: (projectId, id) => api.get(projectId, id),
        update: (projectId, id, body) => api.update(projectId, id, body),
        delete: (projectId, id) => api.unassign(projectId, id),
      },
      {
        projectId: sandboxId(),
        existingId: maya,
        unknownId: 'user_0000000000000000ff',
        resourceType: 'user',
        create: { id: maya, role: 'USER' },
        update: { role: 'USER' },
      },
    );
  });

  test('management keys only: wrong keys and server keys are refused (401) by every operation', async () => {
    const wrong: VoucherkitClient = createClient({
      baseUrl: mock.service.baseUrl,
      auth: { type: 'management', managementId: 'x', managementToken: 'y' },
      retry: false,
    });
    const calls = [
      () => wrong.management.users.list(sandboxId()),
      () => wrong.management.users.assign(sandboxId(), { login: 'maya.okafor@example.com', role: 'USER' }),
      () => wrong.management.users.get(sandboxId(), 'maya.okafor@example.com'),
      () => wrong.management.users.update(sandboxId(), 'maya.okafor@example.com', { role: 'USER' }),
      () => wrong.management.users.unassign(sandboxId(), 'maya.okafor@example.com'),
      () =>
        wrong.management.users.invite({
          email: 'maya.okafor@example.com',
          first_name: 'Maya',
          last_name: 'Okafor',
          projects: { [sandboxId()]: 'USER' },
        }),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ status: 401, key: 'unauthorized' });
    const { appId, appToken } = mock.service.projects.primary.keys;
    const withServerKeys = await mock.raw(`/management/v1/projects/${sandboxId()}/users`, {
      headers: { 'X-App-Id': appId, 'X-App-Token': appToken },
    });
    expect(withServerKeys.status).toBe(401);
  });

  test('answer plain HTTP requests, and take null for the way of naming the user left out', async () => {
    await inviteMaya();
    const euId = await newProject();
    const assigned = await mock.raw(`/management/v1/projects/${euId}/users`, {
      method: 'POST',
      headers: managementHeaders(mock.service),
      body: JSON.stringify({ id: null, login: 'maya.okafor@example.com', role: 'USER' }),
    });
    expect(assigned.status).toBe(200);
    const unassigned = await mock.raw(
      `/management/v1/projects/${euId}/users/${encodeURIComponent('maya.okafor@example.com')}`,
      { method: 'DELETE', headers: managementHeaders(mock.service) },
    );
    expect(unassigned.status).toBe(204);
  });
});

describe('the organisation’s users in the service', () => {
  test('service.reset() forgets them; a snapshot takes them back with their roles', async () => {
    addOwner();
    const snapshot = mock.service.snapshot();
    const euId = await newProject();
    await inviteMaya({ [euId]: 'USER' });
    expect(await loginsIn(euId)).toEqual(['ana@example.com', 'maya.okafor@example.com']);
    mock.service.restore(snapshot);
    expect(mock.service.organisation.users.list().map((user) => user.login)).toEqual(['ana@example.com']);
    expect(await loginsIn(sandboxId())).toEqual(['ana@example.com']);
    mock.service.reset();
    expect(mock.service.organisation.users.list()).toEqual([]);
  });

  test("a snapshot of one project takes back its users' roles and leaves the organisation's users", async () => {
    const euId = await newProject();
    await inviteMaya({ [sandboxId()]: 'USER' });
    const snapshot = mock.service.snapshot({ project: euId });
    await users().assign(euId, { login: 'maya.okafor@example.com', role: 'ADMIN' });
    mock.service.restore(snapshot);
    expect(await loginsIn(euId)).toEqual([]);
    expect((await users().get(sandboxId(), 'maya.okafor@example.com')).projects).toEqual({ [sandboxId()]: 'USER' });
  });
});
