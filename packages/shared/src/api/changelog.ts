import { z } from 'zod';
import {
  adminChangelogEntryResponse,
  adminChangelogListQuery,
  aggregatedChangelogQuery,
  changelogEntryInput,
  changelogEntryResponse,
  changelogEntryUpdate,
} from '../changelog';
import { endpoint } from '../contract';
import { idParams } from '../query';

/** The aggregated API changelog (spec 2 §2, §7): open to visitors; staff also see non-public entries. */
export const changelogEndpoints = {
  aggregated: endpoint({
    method: 'GET',
    path: '/api/v1/resource_groups/aggregated_changelog',
    summary:
      'The API changelog, newest first (headers Total, Per-Page); custom_service_sha switches the documentation branch for staff and is ignored for anyone else',
    tags: ['Changelog'],
    auth: 'public',
    query: aggregatedChangelogQuery,
    kind: 'list',
    response: z.array(changelogEntryResponse),
    errors: [],
  }),
};

/** What platform administrators manage: write, edit, hide and show again. */
export const adminChangelogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/admin/changelog_entries',
    summary: 'Every changelog entry, hidden ones included (admins)',
    tags: ['Admin'],
    auth: 'user',
    query: adminChangelogListQuery,
    kind: 'list',
    response: z.array(adminChangelogEntryResponse),
    errors: ['forbidden'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/changelog_entries/:id',
    summary: 'One changelog entry (admins)',
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    response: adminChangelogEntryResponse,
    errors: ['forbidden', 'not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/admin/changelog_entries',
    summary: 'Write a changelog entry (admins)',
    tags: ['Admin'],
    auth: 'user',
    body: changelogEntryInput,
    status: 201,
    response: adminChangelogEntryResponse,
    errors: ['forbidden'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin/changelog_entries/:id',
    summary: 'Edit, hide or show again a changelog entry (admins)',
    tags: ['Admin'],
    auth: 'user',
    params: idParams,
    body: changelogEntryUpdate,
    response: adminChangelogEntryResponse,
    errors: ['forbidden', 'not_found'],
  }),
};
