import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../db/index';
import type { Storage } from '../storage/index';

/** A video as the host knows it (spec 3 §7: the response data holds hashed_id and name). */
export interface HostedVideo {
  hashed_id: string;
  name: string;
}

/**
 * The external video host of spec 3 §7 (a request with file, api_password and project_id; the answer's
 * hashed_id and name build the external URL). Nothing outside platform/ knows which implementation runs.
 */
export interface VideoHost {
  /**
   * Hands the host a video already in our storage (streamed from there by a remote host). `db` is the
   * caller's transaction, where the embedded host records the video (so a refused save forgets it).
   */
  upload(
    video: { key: string; name: string; contentType: string; size: number },
    db?: Db,
  ): Promise<HostedVideo>;
  /** The URL a player opens for a hosted video. */
  externalUrl(hashedId: string): string;
  /** Forgets a video (its storage object is the caller's). */
  remove(hashedId: string): Promise<void>;
  /** The bytes of a hosted video, for the embedded host's own media route; undefined when unknown. */
  open(hashedId: string): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
}

/**
 * The embedded host: the video stays in our storage under its upload key; the host records a hashed id
 * for it and serves it at /api/v1/video_host/medias/{hashed_id}.
 */
export class EmbeddedVideoHost implements VideoHost {
  constructor(private readonly deps: { db: Db; storage: Storage }) {}

  async upload(
    video: { key: string; name: string; contentType: string; size: number },
    db: Db = this.deps.db,
  ): Promise<HostedVideo> {
    const hashedId = randomBytes(10).toString('hex');
    await db
      .insertInto('video_host_medias')
      .values({
        hashed_id: hashedId,
        name: video.name,
        storage_key: video.key,
        content_type: video.contentType,
        size: video.size,
      })
      .execute();
    return { hashed_id: hashedId, name: video.name };
  }

  externalUrl(hashedId: string): string {
    return `/api/v1/video_host/medias/${hashedId}`;
  }

  async remove(hashedId: string): Promise<void> {
    await this.deps.db.deleteFrom('video_host_medias').where('hashed_id', '=', hashedId).execute();
  }

  async open(hashedId: string) {
    const row = await this.deps.db
      .selectFrom('video_host_medias')
      .selectAll()
      .where('hashed_id', '=', hashedId)
      .executeTakeFirst();
    if (!row) return undefined;
    const stored = await this.deps.storage.get(row.storage_key);
    if (!stored) return undefined;
    return { stream: stored.stream, size: stored.size, contentType: row.content_type };
  }
}
