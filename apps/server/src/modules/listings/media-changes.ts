import type { UploadedFile } from '@lintel/shared';
import { LISTING_MEDIA, type MediaAttributes } from '@lintel/shared/listing';
import type { Db } from '../../db/index';
import type { ListingMediaRow, SubmissionRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { VideoHost } from '../../platform/video-host';
import type { Storage } from '../../storage/index';
import { checkLogo, checkPicture, checkVideo } from './media';
import { listingRepository as repo } from './repository';
import type { SubmissionChangesInput } from './service';

/** What applying a save's files needs: the save's transaction, the storage and the video host. */
export interface MediaDeps {
  trx: Db;
  storage: Storage;
  videoHost: VideoHost;
}

/**
 * The files of a save (spec 3 §4, §5): each checked by its content (dimensions, tracks), stored rows
 * added, described, reordered or removed. Returns whether anything changed.
 */
export async function applyMediaChanges(
  deps: MediaDeps,
  submission: SubmissionRow,
  changes: SubmissionChangesInput,
  released: { keys: string[]; videos: string[] },
): Promise<boolean> {
  const { trx, storage, videoHost } = deps;
  let media = await repo.media(trx, submission.id);
  let touched = false;
  const byFormId = (id: number) => media.find((row) => row.id === id || row.copied_from_id === id);
  const remove = async (rows: ListingMediaRow[]) => {
    if (rows.length === 0) return;
    await repo.deleteMedia(
      trx,
      rows.map((row) => row.id),
    );
    released.keys.push(...rows.map((row) => row.storage_key));
    released.videos.push(...rows.flatMap((row) => (row.hashed_id ? [row.hashed_id] : [])));
    const gone = new Set(rows.map((row) => row.id));
    media = media.filter((row) => !gone.has(row.id));
    touched = true;
  };
  const add = async (
    type: ListingMediaRow['type'],
    file: UploadedFile,
    extra: {
      description?: string | null;
      position?: number;
      width?: number;
      height?: number;
      hashed_id?: string;
    },
  ) => {
    const row = await repo.insertMedia(trx, {
      submission_id: submission.id,
      type,
      name: displayName(file, type),
      original_filename: file.filename || displayName(file, type),
      description: extra.description ?? null,
      storage_key: file.key,
      content_type: file.contentType,
      size: file.size,
      width: extra.width ?? null,
      height: extra.height ?? null,
      hashed_id: extra.hashed_id ?? null,
      position: extra.position ?? 0,
    });
    media.push(row);
    touched = true;
  };

  if (changes.remove_media_ids?.length) {
    const rows: ListingMediaRow[] = [];
    changes.remove_media_ids.forEach((id, index) => {
      const row = byFormId(id);
      if (!row)
        throw errors.field(
          `remove_media_ids.${index}`,
          'invalid_choice',
          `${id} is not a file of this listing`,
        );
      rows.push(row);
    });
    await remove(rows);
  }
  if (changes.small_logo) {
    const size = checkLogo(changes.small_logo, 'small_logo');
    await remove(media.filter((row) => row.type === 'Logo'));
    await add('Logo', changes.small_logo, size);
  } else if (changes.remove_small_logo) {
    await remove(media.filter((row) => row.type === 'Logo'));
  }
  await applyList(
    trx,
    'Picture',
    'pictures_attributes',
    changes.pictures_attributes,
    byFormId,
    add,
    async (file, path) => checkPicture(file, path),
  );
  await applyList(
    trx,
    'Video',
    'videos_attributes',
    changes.videos_attributes,
    byFormId,
    add,
    async (file, path) => {
      const size = await checkVideo(storage, file, path);
      const hosted = await videoHost.upload(
        {
          key: file.key,
          name: displayName(file, 'Video'),
          contentType: file.contentType,
          size: file.size,
        },
        trx,
      );
      return { ...size, hashed_id: hosted.hashed_id };
    },
  );
  if (changes.pictures_attributes?.length || changes.videos_attributes?.length) touched = true;
  const showcase = changes.showcase_video_attributes;
  if (showcase?.file) {
    const size = await checkVideo(storage, showcase.file, 'showcase_video_attributes.file');
    const hosted = await videoHost.upload(
      {
        key: showcase.file.key,
        name: displayName(showcase.file, 'ShowcaseVideo'),
        contentType: showcase.file.contentType,
        size: showcase.file.size,
      },
      trx,
    );
    await remove(media.filter((row) => row.type === 'ShowcaseVideo'));
    await add('ShowcaseVideo', showcase.file, {
      ...size,
      hashed_id: hosted.hashed_id,
      description: showcase.description,
    });
  }
  const document = changes.security_questionnaire_document;
  if (document?.file) {
    await remove(media.filter((row) => row.type === 'Document'));
    await add('Document', document.file, {});
  }
  const pictures = media.filter((row) => row.type === 'Picture').length;
  if (pictures > LISTING_MEDIA.picture.maxCount) {
    throw errors.field(
      'pictures_attributes',
      'too_many',
      `at most ${LISTING_MEDIA.picture.maxCount} screenshots`,
      {
        max: LISTING_MEDIA.picture.maxCount,
      },
    );
  }
  const videos = media.filter((row) => row.type === 'Video').length;
  if (videos > LISTING_MEDIA.video.maxCount) {
    throw errors.field('videos_attributes', 'too_many', `at most ${LISTING_MEDIA.video.maxCount} videos`, {
      max: LISTING_MEDIA.video.maxCount,
    });
  }
  return touched;
}

/** A list of media attributes: new files checked and added, stored ones described and reordered. */
async function applyList(
  trx: Db,
  type: 'Picture' | 'Video',
  path: string,
  entries: readonly MediaAttributes[] | null | undefined,
  byFormId: (id: number) => ListingMediaRow | undefined,
  add: (
    type: ListingMediaRow['type'],
    file: UploadedFile,
    extra: {
      description?: string | null;
      position?: number;
      width?: number;
      height?: number;
      hashed_id?: string;
    },
  ) => Promise<void>,
  inspect: (
    file: UploadedFile,
    path: string,
  ) => Promise<{ width: number; height: number; hashed_id?: string }>,
): Promise<void> {
  if (!entries) return;
  for (const [index, entry] of entries.entries()) {
    if (!entry) continue;
    const file = entry.file as UploadedFile | undefined;
    if (file) {
      const found = await inspect(file, `${path}.${index}.file`);
      await add(type, file, { ...found, description: entry.description ?? null, position: index });
    } else if (entry.id !== undefined) {
      const row = byFormId(entry.id);
      if (!row || row.type !== type) {
        throw errors.field(
          `${path}.${index}.id`,
          'invalid_choice',
          `${entry.id} is not a ${type.toLowerCase()} of this listing`,
        );
      }
      await repo.updateMediaDescription(
        trx,
        row.id,
        entry.description === undefined ? row.description : (entry.description ?? null),
        index,
      );
    } else {
      throw errors.field(`${path}.${index}`, 'required', 'needs a file or the id of a stored one');
    }
  }
}

function displayName(file: UploadedFile, type: string): string {
  const base = (file.filename || '').split(/[\\/]/).pop()?.trim();
  return base && base.length > 0 ? base.slice(0, 255) : `${type.toLowerCase()}.${file.extension}`;
}
