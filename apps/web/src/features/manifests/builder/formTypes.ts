import type { ConfiguredManifestInput } from '@lintel/shared/manifests';

/** A side-panel or full-screen component as the builder's form holds it (configured_manifest_content). */
export type FormComponent = NonNullable<ConfiguredManifestInput['sidepanel']>;
