import type {
  Category,
  ContactType,
  ListingVersionRule,
  ProductTool,
  Region,
  SecurityStandard,
  Submission,
} from '@lintel/shared/listing';
import type { ManifestSummary } from '@lintel/shared/manifests';
import type { ListingFormValues } from './formValues';

/** The reference data the form offers (GET /api/v1/categories, regions, product_tools, security_standards). */
export interface ListingReferences {
  categories: Category[];
  regions: Region[];
  productTools: ProductTool[];
  securityStandards: SecurityStandard[];
  /** Promoted (production) versions newer than the published listing's, newest first (listingVersionChoices). */
  versions: Pick<ManifestSummary, 'id' | 'app_version_id' | 'semantic_version'>[];
  /**
   * The same rule as the validation reads it (listingVersionRule): the version field, the App tab's marker
   * and the progress check it as the server does on submit. Absent: only presence is checked.
   */
  versionRule?: ListingVersionRule;
}

/** What every tab of the editor reads and writes through. */
export interface EditorContext {
  /** The developer app the listing belongs to (links to its versions). */
  appId: number;
  values: ListingFormValues;
  /** Sets a value by its path (`website_link.url`, `feature_bullets.1`) and validates it. */
  set: (path: string, value: unknown) => void;
  /** Sets several values at once (contact type, availability), validating `touch` paths. */
  patch: (changes: Partial<ListingFormValues>, touch: string[]) => void;
  /** The error to show on a path, translated; undefined while it has none or is not yet validated. */
  error: (path: string) => string | undefined;
  readOnly: boolean;
  mode: 'developer' | 'admin';
  references: ListingReferences;
  /** The saved submission the media were stored with (null before the first save). */
  submission: Submission | null;
  contactType: ContactType;
  setContactType: (type: ContactType) => void;
  contactTypes: ContactType[];
  /** Sends new files at once (the drop zones) and merges the stored media into the form. */
  uploadFiles: (
    files: import('./formValues').ListingFiles,
    options: {
      onProgress: (progress: import('../../api/upload').UploadProgress) => void;
      signal: AbortSignal;
    },
  ) => Promise<void>;
  partnerProgramsEmail: string | null;
  /** Admin form: whether a field (or list, or media slot) differs from the published listing. */
  changed: (path: string) => boolean;
  /** The decoration of a text field: its changed marker and, for admins, its copy button. */
  decorate: (path: string, value: string) => import('./ChangeMarks').FieldDecoration;
}
