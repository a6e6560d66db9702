import { z } from 'zod';
import { isCleanText } from '../fields';
import { MAX_ID } from '../query';
import { listingMessage } from './messages';
import { LISTING_LIMITS as L, type ListingTab, SSO_PROVIDERS } from './model';
import { type ListingVersionRule, listingVersionProblem } from './versions';

/**
 * `complete`: the rules of spec 3 §5 as a tab must meet them to be complete (and the whole listing on
 * submit). `draft`: only what a saved draft must already respect (lengths, formats, counts); empty is fine.
 */
export type RuleMode = 'complete' | 'draft';

type Ctx = z.core.$RefinementCtx;

const issue = (ctx: Ctx, path: PropertyKey[], message: string, params: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', path, message, params, input: undefined });

const required = (ctx: Ctx, path: PropertyKey[] = []) =>
  issue(ctx, path, listingMessage('required'), { code: 'required' });

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** Whether a text is a URL the listing may link to: http or https, with a host. */
export function isListingUrl(value: string): boolean {
  if (value.length > L.url || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const emailCheck = z.email();
/** Whether a text is an e-mail address the listing may show. */
export function isListingEmail(value: string): boolean {
  return value.length <= 254 && emailCheck.safeParse(value).success;
}

interface TextRule {
  max: number;
  multiline?: boolean;
  format?: 'url' | 'email';
}

/** A text field: null or a string; trimmed; checked for length, control characters, format; required when told. */
function text(mode: RuleMode, rule: TextRule, isRequired = false) {
  return z
    .string()
    .nullish()
    .superRefine((value, ctx) => {
      const trimmed = (value ?? '').trim();
      if (trimmed === '') {
        if (mode === 'complete' && isRequired) required(ctx);
        return;
      }
      if (trimmed.length > rule.max) {
        issue(ctx, [], listingMessage('maxLength', { max: rule.max }), { code: 'too_long', max: rule.max });
        return;
      }
      if (!isCleanText(trimmed, rule.multiline ?? false)) {
        issue(ctx, [], 'must not contain control characters', { code: 'control_characters' });
        return;
      }
      if (rule.format === 'url' && !isListingUrl(trimmed))
        issue(ctx, [], listingMessage('url'), { code: 'invalid_url' });
      if (rule.format === 'email' && !isListingEmail(trimmed))
        issue(ctx, [], listingMessage('email'), { code: 'invalid_email' });
    })
    .transform((value) => (value == null ? value : value.trim()));
}

/**
 * Nullable, and optional unless the rule needs the field: zod skips the refinements of an optional key
 * that is absent, so a required field must be a non-optional key to be reported when missing.
 */
function presence<T extends z.ZodType>(schema: T, mode: RuleMode, isRequired: boolean) {
  return mode === 'complete' && isRequired ? schema.nullable() : schema.nullish();
}

/** A yes/no answer: null until answered; required when told. */
function yesNo(mode: RuleMode, isRequired = false) {
  return presence(z.boolean(), mode, isRequired).superRefine((value, ctx) => {
    if (mode === 'complete' && isRequired && (value === null || value === undefined)) required(ctx);
  });
}

const recordId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, { message: `must be at most ${MAX_ID}` });

/** A list of record ids (null: none), at most `max` (refused with `tooMany` when given). */
function ids(max = 500) {
  return z
    .array(recordId)
    .max(max, { message: `at most ${max} items` })
    .nullish();
}

const linkRow = (mode: RuleMode, isRequired: boolean) =>
  presence(
    z.object({
      label: text(mode, { max: L.linkLabel }, isRequired),
      url: text(mode, { max: L.url, format: 'url' }, isRequired),
    }),
    mode,
    isRequired,
  );

/** The fields of the App tab (spec 3 §2 "App tab", §5 "App"). */
function appFields(mode: RuleMode) {
  return {
    public_name: text(mode, { max: L.publicName }, true),
    tagline: text(mode, { max: L.tagline }, true),
    built_by: text(mode, { max: L.builtBy }, true),
    sold_by: text(mode, { max: L.soldBy }, true),
    description: text(mode, { max: L.description, multiline: true }, true),
    about: text(mode, { max: L.about, multiline: true }, true),
    how_it_works: text(mode, { max: L.howItWorks, multiline: true }, true),
    category_ids: presence(z.array(recordId), mode, true).superRefine((value, ctx) => {
      const count = value?.length ?? 0;
      if (count > L.categoriesMax)
        issue(ctx, [], listingMessage('maxCategories'), { code: 'too_many', max: L.categoriesMax });
      else if (mode === 'complete' && count < L.categoriesMin) required(ctx);
    }),
    app_version_id: presence(recordId, mode, true).superRefine((value, ctx) => {
      if (mode === 'complete' && (value === null || value === undefined)) required(ctx);
    }),
    draft_developer_notes: text(mode, { max: L.draftDeveloperNotes, multiline: true }, true),
    installable: z.boolean().nullish(),
  };
}

/** Admin-only fields of the App tab (spec 3 §2): beta, security badge, admin notes. */
function adminAppFields(mode: RuleMode) {
  return {
    beta: z.boolean().nullish(),
    security_badge: z.boolean().nullish(),
    notes: text(mode, { max: L.notes, multiline: true }),
  };
}

function pricingFields(mode: RuleMode) {
  return {
    subscription_required: yesNo(mode, true),
    connector_required: yesNo(mode, true),
    has_trials: yesNo(mode, true),
    pricing_url: text(mode, { max: L.url, format: 'url' }),
    pricing_description: text(mode, { max: L.pricingDescription, multiline: true }, true),
    region_ids: ids(),
    country_ids: ids(),
  };
}

function linkFields(mode: RuleMode) {
  return {
    helpful_links: z
      .array(linkRow(mode, false))
      .max(L.helpfulLinks, { message: `at most ${L.helpfulLinks} links` })
      .nullish()
      .superRefine((links, ctx) => {
        // A row with a label needs its url; the always-present empty row is fine.
        links?.forEach((link, index) => {
          if (link && !blank(link.label) && blank(link.url)) required(ctx, [index, 'url']);
        });
      }),
  };
}

function featureFields(mode: RuleMode) {
  return {
    feature_bullets: presence(
      z
        .array(text(mode, { max: L.featureBullet }))
        .max(L.featureSlots, { message: `at most ${L.featureSlots} features` }),
      mode,
      true,
    ).superRefine((bullets, ctx) => {
      if (mode !== 'complete') return;
      for (let index = 0; index < L.featureSlots; index++) {
        if (blank(bullets?.[index])) required(ctx, [index]);
      }
    }),
  };
}

function supportFields(mode: RuleMode) {
  return {
    website_link: z
      .object({
        label: text(mode, { max: L.linkLabel }, true),
        url: text(mode, { max: L.url, format: 'url' }, true),
      })
      .nullish(),
    support_email: text(mode, { max: 254, format: 'email' }, true),
  };
}

function toolFields() {
  return { product_tool_ids: ids() };
}

function requirementFields(mode: RuleMode) {
  return {
    requirements: z
      .array(text(mode, { max: L.requirement }))
      .max(L.requirements, { message: `at most ${L.requirements} requirements` })
      .nullish(),
  };
}

function contactFields(mode: RuleMode) {
  return {
    contact_us_email: text(mode, { max: 254, format: 'email' }),
    learn_how_url: text(mode, { max: L.url, format: 'url' }),
    create_lead: z.boolean().nullish(),
  };
}

const mediaItem = z.looseObject({ id: z.number().int().optional() });

/** The media as the form holds them: stored ones (id, url) and new ones (file); checked for presence and count. */
function mediaFields() {
  return {
    small_logo_url: z.string().nullish(),
    small_logo: z.unknown().optional(),
    pictures: z.array(mediaItem).nullish(),
    videos: z.array(mediaItem).nullish(),
  };
}

/** The admin's files on the App tab (spec 3 §2): the showcase video and the self-assessment document. */
function adminMediaFields() {
  return {
    showcase_video: mediaItem.nullish(),
    security_questionnaire_document: mediaItem.nullish(),
  };
}

/** The yes/no questions of the questionnaire (spec 3 §3), every one required when it is shown. */
export const QUESTIONNAIRE_QUESTIONS = [
  'has_subprocessors',
  'has_sensitive_data',
  'has_security_contact',
  'has_security_audits',
  'has_security_standards',
  'has_penetration_testing',
  'can_notify_platform',
  'has_disclosure_program',
  'has_bug_bounty_program',
  'has_data_encryption_at_rest',
  'has_data_encryption_in_transit',
  'has_sso_support',
  'has_saml_support',
  'has_mfa_support',
  'has_fas_support',
] as const;
export type QuestionnaireQuestion = (typeof QUESTIONNAIRE_QUESTIONS)[number];

/** The detail fields a "yes" enables (spec 3 §4 "Yes/no questionnaire answers enable…"). */
export const QUESTIONNAIRE_DETAILS = {
  has_subprocessors: ['subprocessors_details'],
  has_sensitive_data: ['sensitive_data_handling_details'],
  has_security_contact: ['security_email'],
  has_security_standards: ['security_standard_ids', 'other_security_standards'],
  has_disclosure_program: ['disclosure_program_url'],
  has_sso_support: ['sso_providers', 'other_sso_providers'],
} as const satisfies Partial<Record<QuestionnaireQuestion, readonly string[]>>;
export type QuestionnaireDetailField =
  (typeof QUESTIONNAIRE_DETAILS)[keyof typeof QUESTIONNAIRE_DETAILS][number];

/** Whether a detail field of the questionnaire is enabled: its question was answered yes. */
export function isQuestionnaireDetailEnabled(
  answers: Partial<Record<QuestionnaireQuestion, boolean | null | undefined>> | null | undefined,
  field: QuestionnaireDetailField,
): boolean {
  const entry = Object.entries(QUESTIONNAIRE_DETAILS).find(([, fields]) =>
    (fields as readonly string[]).includes(field),
  );
  return entry ? answers?.[entry[0] as QuestionnaireQuestion] === true : false;
}

/** The questionnaire's required text answers (spec 3 §5 "Company legal name … required"). */
const QUESTIONNAIRE_REQUIRED_TEXT = ['company_legal_name'] as const;

function questionnaireShape(mode: RuleMode) {
  const questions = Object.fromEntries(QUESTIONNAIRE_QUESTIONS.map((q) => [q, yesNo(mode, true)])) as Record<
    QuestionnaireQuestion,
    ReturnType<typeof yesNo>
  >;
  return {
    company_legal_name: text(mode, { max: L.shortText }, true),
    company_headquarters: text(mode, { max: L.shortText }),
    headquarters_country_id: recordId.nullish(),
    data_processing_country_ids: ids(),
    subprocessors_details: text(mode, { max: L.longText, multiline: true }),
    sensitive_data_handling_details: text(mode, { max: L.longText, multiline: true }),
    security_email: text(mode, { max: 254, format: 'email' }),
    security_standard_ids: ids(),
    other_security_standards: text(mode, { max: L.longText, multiline: true }),
    disclosure_program_url: text(mode, { max: L.url, format: 'url' }),
    sso_providers: z
      .array(z.string().trim().min(1).max(L.shortText))
      .max(SSO_PROVIDERS.length + 20)
      .nullish(),
    other_sso_providers: text(mode, { max: L.shortText }),
    ...questions,
  };
}

/** The questionnaire object (spec 3 §3), with the "details when yes" rules in `complete` mode. */
export function questionnaireSchema(mode: RuleMode) {
  return z
    .strictObject(questionnaireShape(mode))
    .partial()
    .check(
      alwaysRefine((values, ctx) => {
        if (mode !== 'complete') return;
        const q = values as Partial<Record<string, unknown>> & {
          data_processing_country_ids?: unknown[] | null;
          security_standard_ids?: unknown[] | null;
          sso_providers?: unknown[] | null;
        };
        // `.partial()` lets a required text key be absent and zod then skips its own check (text() reports
        // null and blank only), so an absent one is reported here: a saved questionnaire may lack keys.
        for (const field of QUESTIONNAIRE_REQUIRED_TEXT) {
          if (q[field] === undefined) required(ctx, [field]);
        }
        if (q.headquarters_country_id == null) required(ctx, ['headquarters_country_id']);
        if ((q.data_processing_country_ids?.length ?? 0) === 0)
          required(ctx, ['data_processing_country_ids']);
        for (const question of QUESTIONNAIRE_QUESTIONS) {
          if (q[question] === undefined) required(ctx, [question]);
        }
        if (q.has_subprocessors && blank(q.subprocessors_details)) required(ctx, ['subprocessors_details']);
        if (q.has_sensitive_data && blank(q.sensitive_data_handling_details))
          required(ctx, ['sensitive_data_handling_details']);
        if (q.has_security_contact && blank(q.security_email)) required(ctx, ['security_email']);
        if (q.has_disclosure_program && blank(q.disclosure_program_url))
          required(ctx, ['disclosure_program_url']);
        if (
          q.has_security_standards &&
          (q.security_standard_ids?.length ?? 0) === 0 &&
          blank(q.other_security_standards)
        )
          required(ctx, ['security_standard_ids']);
        if (q.has_sso_support && (q.sso_providers?.length ?? 0) === 0 && blank(q.other_sso_providers))
          required(ctx, ['sso_providers']);
      }),
    );
}
export type SecurityQuestionnaire = z.input<ReturnType<typeof questionnaireSchema>>;

// The questionnaire's complete rules run in the tab's refinement, and only when it is shown.
function securityFields() {
  return {
    security_questionnaire_visible: z.boolean().nullish(),
    security_questionnaire: questionnaireSchema('draft').nullish(),
  };
}

type Values = Record<string, unknown>;
type Refine = (values: Values, ctx: Ctx) => void;

interface TabDefinition {
  fields: (mode: RuleMode) => Record<string, z.ZodType>;
  refine?: (mode: RuleMode, options: ListingRuleOptions) => Refine;
  /** Fields whose filling counts toward the tab's progress. */
  required: readonly string[];
}

export interface ListingRuleOptions {
  /** The admin form (showcase video required, spec 3 §5). */
  admin?: boolean;
  /** SECURITY_AND_COMPLIANCE_ENABLED: without it the questionnaire is neither shown nor checked. */
  securityEnabled?: boolean;
  /**
   * Which versions the listing may name (listingVersionRule): app_version_id must be one of them, newer
   * than the published listing's (spec 3 §2). Without it only presence is checked.
   */
  versions?: ListingVersionRule;
}

const VERSION_MESSAGES = {
  not_newer: 'versionNotNewer',
  no_newer_version: 'promoteNewerVersion',
  not_promoted: 'versionNotPromoted',
} as const;

/** The version rule on app_version_id (issue 20 item 3): the same check on the form and on submit. */
function checkVersion(values: Values, ctx: Ctx, rule: ListingVersionRule | undefined) {
  if (!rule) return;
  const chosen = typeof values.app_version_id === 'number' ? values.app_version_id : null;
  const problem = listingVersionProblem(chosen, rule);
  if (!problem) return;
  const version = rule.published?.version ?? '';
  issue(ctx, ['app_version_id'], listingMessage(VERSION_MESSAGES[problem], { version }), {
    code: 'invalid_choice',
    reason: problem,
    version,
  });
}

const TABS: Record<ListingTab, TabDefinition> = {
  app: {
    fields: (mode) => ({ ...appFields(mode), ...adminAppFields(mode), ...adminMediaFields() }),
    refine: (mode, options) => (values, ctx) => {
      if (mode !== 'complete') return;
      if (options.admin && !values.showcase_video) required(ctx, ['showcase_video']);
      checkVersion(values, ctx, options.versions);
    },
    required: [
      'public_name',
      'tagline',
      'built_by',
      'sold_by',
      'description',
      'about',
      'how_it_works',
      'category_ids',
      'app_version_id',
      'draft_developer_notes',
    ],
  },
  media: {
    fields: () => mediaFields(),
    refine: (mode) => (values, ctx) => {
      if (mode !== 'complete') return;
      if (blank(values.small_logo_url) && !values.small_logo) required(ctx, ['small_logo']);
      const pictures = (values.pictures as unknown[] | null | undefined)?.length ?? 0;
      if (pictures < L.picturesMin)
        issue(ctx, ['pictures'], listingMessage('minItems', { count: L.picturesMin }), {
          code: 'too_few',
          min: L.picturesMin,
        });
    },
    required: ['small_logo', 'pictures'],
  },
  pricing: {
    fields: pricingFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== 'complete') return;
      const regions = (values.region_ids as unknown[] | null | undefined)?.length ?? 0;
      const countries = (values.country_ids as unknown[] | null | undefined)?.length ?? 0;
      if (regions + countries === 0)
        issue(ctx, ['region_or_country'], listingMessage('regionOrCountry'), { code: 'required' });
    },
    required: [
      'subscription_required',
      'connector_required',
      'has_trials',
      'pricing_description',
      'region_or_country',
    ],
  },
  links: { fields: linkFields, required: [] },
  features: { fields: featureFields, required: ['feature_bullets'] },
  support: {
    fields: supportFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== 'complete' || (typeof values.website_link === 'object' && values.website_link !== null))
        return;
      required(ctx, ['website_link', 'label']);
      required(ctx, ['website_link', 'url']);
    },
    required: ['website_link', 'support_email'],
  },
  tools: { fields: toolFields, required: [] },
  requirements: { fields: requirementFields, required: [] },
  contact: {
    fields: contactFields,
    refine: (mode) => (values, ctx) => {
      if (mode !== 'complete') return;
      if (blank(values.contact_us_email) && blank(values.learn_how_url) && values.create_lead !== true)
        issue(ctx, ['contact_or_learn_how'], listingMessage('required'), { code: 'required' });
    },
    required: ['contact_or_learn_how'],
  },
  security: {
    fields: () => securityFields(),
    refine: (mode, options) => (values, ctx) => {
      if (mode !== 'complete' || options.securityEnabled === false) return;
      if (values.security_questionnaire_visible !== true) return;
      const result = questionnaireSchema('complete').safeParse(values.security_questionnaire ?? {});
      if (result.success) return;
      for (const problem of result.error.issues) {
        ctx.addIssue({ ...problem, path: ['security_questionnaire', ...problem.path] } as never);
      }
    },
    required: ['security_questionnaire'],
  },
};

/**
 * A cross-field rule that runs even when a field of the object already failed (zod skips refinements
 * after a failure by default), so every problem of a tab is reported at once.
 */
function alwaysRefine(refine: Refine) {
  return z.superRefine<Values>((values, ctx) => refine(values, ctx), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

/** Whether a tab has fields a complete listing must fill (they count toward progress). */
export function isRequiredTab(tab: ListingTab, options: ListingRuleOptions = {}): boolean {
  if (tab === 'security') return options.securityEnabled !== false;
  return TABS[tab].required.length > 0;
}

/** The fields of a tab whose filling is counted in its progress. */
export function requiredFieldsOf(tab: ListingTab): readonly string[] {
  return TABS[tab].required;
}

/**
 * One zod schema per tab (issue 10 "One validation, both sides"): the web validates the tab's fields on
 * every change, on submit and on preview. Issue paths are the field paths (`feature_bullets.1`).
 */
export function tabSchema(tab: ListingTab, options: ListingRuleOptions = {}) {
  const definition = TABS[tab];
  const refine = definition.refine?.('complete', options);
  const schema = z.object(definition.fields('complete'));
  return refine ? schema.check(alwaysRefine(refine)) : schema;
}

/** Every tab's schema, keyed by tab. */
export function tabSchemas(options: ListingRuleOptions = {}): Record<ListingTab, z.ZodType> {
  return Object.fromEntries(
    (Object.keys(TABS) as ListingTab[]).map((tab) => [tab, tabSchema(tab, options)]),
  ) as unknown as Record<ListingTab, z.ZodType>;
}

/**
 * The whole listing as submit needs it (spec 3 §5, every tab): the server runs it before `in_review` and
 * answers one 422 detail per path (`feature_bullets.1`, `website_link.url`,
 * `security_questionnaire.security_email`).
 */
export function completeListingSchema(options: ListingRuleOptions = {}) {
  const shape = Object.assign({}, ...Object.values(TABS).map((tab) => tab.fields('complete')));
  const refines = Object.values(TABS).flatMap((tab) => (tab.refine ? [tab.refine('complete', options)] : []));
  return z.object(shape as Record<string, z.ZodType>).check(
    alwaysRefine((values, ctx) => {
      for (const refine of refines) refine(values, ctx);
    }),
  );
}

/**
 * The listing fields a save may carry (draft rules: lengths, formats and counts, nothing required), as
 * a zod shape for the request bodies. Media travel as `*_attributes` and are not part of it.
 */
export const draftListingShape = {
  ...appFields('draft'),
  ...pricingFields('draft'),
  ...linkFields('draft'),
  ...featureFields('draft'),
  ...supportFields('draft'),
  ...toolFields(),
  ...requirementFields('draft'),
  ...contactFields('draft'),
  security_questionnaire_visible: z.boolean().nullish(),
  security_questionnaire: questionnaireSchema('draft').nullish(),
};

/** The admin-only listing fields a save may carry. */
export const adminDraftListingShape = adminAppFields('draft');

/** The listing fields a submission stores (the draft shape's keys). */
export const LISTING_FIELDS = Object.keys({ ...draftListingShape, ...adminDraftListingShape }) as readonly (
  | keyof typeof draftListingShape
  | keyof typeof adminDraftListingShape
)[];

/** The values of a listing as the form edits them and the complete schema reads them. */
export type ListingValues = {
  [K in keyof typeof draftListingShape]?: z.input<(typeof draftListingShape)[K]>;
} & {
  [K in keyof typeof adminDraftListingShape]?: z.input<(typeof adminDraftListingShape)[K]>;
} & {
  small_logo_url?: string | null;
  small_logo?: unknown;
  pictures?: readonly { id?: number }[] | null;
  videos?: readonly { id?: number }[] | null;
  showcase_video?: { id?: number } | null;
  security_questionnaire_document?: { id?: number } | null;
};

/** The tab a field path belongs to (`website_link.url` → support), for error markers per tab. */
export function tabOfPath(path: string): ListingTab | undefined {
  const field = path.split('.')[0] ?? '';
  if (field === 'region_or_country') return 'pricing';
  if (field === 'contact_or_learn_how') return 'contact';
  return (Object.keys(TABS) as ListingTab[]).find((tab) => field in TABS[tab].fields('draft'));
}
