import { z } from 'zod';
import { endpoint } from '../contract';
import {
  categoryResponse,
  LISTING_MEDIA,
  productToolResponse,
  regionResponse,
  securityStandardResponse,
} from '../listing/model';
import {
  adminSubmissionRequest,
  listingDecisionResponse,
  submissionRequest,
  submissionResponse,
} from '../listing/submission';
import { idParams, id as idSchema } from '../query';

const tags = ['Marketplace listing'];

const media = LISTING_MEDIA;
/** The files a developer's save may carry (spec 3 §7), by multipart field name. */
const developerFiles = {
  'submission[small_logo]': { maxBytes: media.logo.maxBytes, accept: media.logo.types },
  'submission[pictures_attributes][N][file]': {
    maxBytes: media.picture.maxBytes,
    accept: media.picture.types,
    maxCount: media.picture.maxCount,
  },
  'submission[videos_attributes][N][file]': {
    maxBytes: media.video.maxBytes,
    accept: media.video.types,
    maxCount: media.video.maxCount,
  },
} as const;
/** An administrator's save also carries the showcase video and the self-assessment document. */
const adminFiles = {
  ...developerFiles,
  'submission[showcase_video_attributes][file]': {
    maxBytes: media.showcaseVideo.maxBytes,
    accept: media.showcaseVideo.types,
  },
  'submission[security_questionnaire_document][file]': {
    maxBytes: media.document.maxBytes,
    accept: media.document.types,
  },
} as const;

const mediaParams = z.strictObject({ id: idSchema, media_id: idSchema });

/** Reference data of the listing form (spec 3 §7; issue 10): categories, regions, tools, standards. */
export const listingReferenceEndpoints = {
  categories: endpoint({
    method: 'GET',
    path: '/api/v1/categories',
    summary: 'Marketplace categories (the category picker)',
    tags,
    auth: 'user',
    response: z.array(categoryResponse),
    errors: [],
  }),
  regions: endpoint({
    method: 'GET',
    path: '/api/v1/regions',
    summary: 'Regions with their countries (availability)',
    tags,
    auth: 'user',
    response: z.array(regionResponse),
    errors: [],
  }),
  productTools: endpoint({
    method: 'GET',
    path: '/api/v1/product_tools',
    summary: 'Platform product tools an app works with',
    tags,
    auth: 'user',
    response: z.array(productToolResponse),
    errors: [],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/v1/listing_settings',
    summary: 'How the listing form is set up here: whether the Security and Compliance tab is on',
    tags,
    auth: 'user',
    response: z.object({ security_and_compliance_enabled: z.boolean() }),
    errors: [],
  }),
  securityStandards: endpoint({
    method: 'GET',
    path: '/api/v1/security_standards',
    summary: 'Security standards the questionnaire offers',
    tags,
    auth: 'user',
    response: z.array(securityStandardResponse),
    errors: [],
  }),
};

/**
 * A developer's listing (spec 3 §7): the app's current submission, save (create or update), submit
 * (`state: in_review`) and withdraw (`state: draft`). Strangers 404; the developer role reads only (403).
 */
export const listingEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/submissions/current',
    summary: "The app's newest listing submission (null when it has none)",
    tags,
    auth: 'user',
    params: idParams,
    response: submissionResponse.nullable(),
    errors: ['not_found'],
  }),
  decisions: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/submissions/decisions',
    summary:
      "The review decisions of every submission of the app's listing, newest first (reviewer notes: admins only)",
    tags,
    auth: 'user',
    params: idParams,
    response: z.array(listingDecisionResponse),
    errors: ['not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/developer_apps/:id/submissions',
    summary:
      'Save the listing: updates the newest submission unless it is published, else creates one (JSON {submission: {…}} or multipart submission[field])',
    tags,
    auth: 'user',
    params: idParams,
    body: submissionRequest,
    files: developerFiles,
    errorPathRoot: 'submission',
    // 200 whether the save created the submission or updated the newest one: the answer is the saved one.
    response: submissionResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/submissions/:id',
    summary: 'One listing submission (the published one, for comparison)',
    tags,
    auth: 'user',
    params: idParams,
    response: submissionResponse,
    errors: ['not_found'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/submissions/:id',
    summary:
      'Save, submit ({state: "in_review"}) or withdraw ({state: "draft"}); a published submission is copied into a new draft',
    tags,
    auth: 'user',
    params: idParams,
    body: submissionRequest,
    files: developerFiles,
    errorPathRoot: 'submission',
    response: submissionResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  media: endpoint({
    method: 'GET',
    path: '/api/v1/submissions/:id/media/:media_id',
    summary: 'One stored file of a submission (download)',
    tags,
    auth: 'user',
    params: mediaParams,
    kind: 'file',
    errors: ['not_found'],
  }),
};

/** Platform administrators on any listing (spec 3 §7): save, create, approve, reject. */
export const adminListingEndpoints = {
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/admin/submissions/:id',
    summary:
      'Save a submission; approval_state approved (→ published) or rejected (→ draft) with admin_message (admins)',
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    body: adminSubmissionRequest,
    files: adminFiles,
    errorPathRoot: 'submission',
    response: submissionResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/admin/developer_apps/:id/submissions',
    summary: 'Save the listing of any app (admins): the same rule as the developers’ save',
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    body: adminSubmissionRequest,
    files: adminFiles,
    errorPathRoot: 'submission',
    response: submissionResponse,
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
};

/**
 * The embedded video host (spec 3 §7 "Video upload to an external video host"): where an uploaded
 * video's external URL points when no external host is configured. Public: the hashed id is the secret.
 */
export const videoHostEndpoints = {
  media: endpoint({
    method: 'GET',
    path: '/api/v1/video_host/medias/:hashed_id',
    summary: 'A video kept by the embedded video host',
    tags,
    auth: 'public',
    params: z.strictObject({
      hashed_id: z.string().regex(/^[a-z0-9]{10,40}$/, { message: 'is not a video id' }),
    }),
    kind: 'file',
    errors: ['not_found'],
  }),
};
