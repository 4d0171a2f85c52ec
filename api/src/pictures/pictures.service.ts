import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { backoff } from '../database/leased-rows';
import { ClaimedJobRunner } from '../jobs/claimed-job-runner';
import { CONTENT_TYPES, encodeVariant, normalisePicture, PictureRefused, type Normalised } from './picture-processor';
import { PICTURE_STORE, type PictureStore } from './picture-store';
import {
  ownPictureId,
  pictureUrl,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureRef,
  type PictureWidth,
} from './picture.model';
import { PicturesRepository, type PictureImport, type PictureInfo } from './pictures.repository';
import {
  checkImportUrl,
  fetchPicture,
  ImportRefused,
  refusedLiteral,
  type FetchRules,
  type Resolver,
} from './safe-fetch';

export const PICTURE_RESOLVER = Symbol('PICTURE_RESOLVER');
export const IMPORT_JOB = 'picture-imports';

/**
 * Whose pictures are imported: the classes and users domains register how a finished import is written to their
 * record (they depend on pictures, not the other way round). `token` names the request: a record whose picture was
 * changed since writes nothing.
 */
export type PictureOwner = (id: string, token: string, picture: PictureRef, url: string) => Promise<void>;

/** The records of one kind whose pictures were stored as URLs (the one-off import). */
export interface StoredPictures {
  /** Up to `limit` records without a picture status. */
  next(limit: number): Promise<{ id: string; url: string }[]>;
  /** Marks the record as waiting for `token`; false when it has a status already (another run took it). */
  claim(id: string, token: string): Promise<boolean>;
  settle(id: string, token: string, picture: PictureRef, url: string): Promise<unknown>;
}

/** What a class or a person is given: a picture already held (ready now) or a URL to import (pending). */
export type PictureChoice = { status: 'ready'; id: string; url: string } | { status: 'pending'; token: string };

const MB = 1024 * 1024;
/** Rows an import pass takes at most; the next pass goes on. */
const PASS_LIMIT = 50;

@Injectable()
export class PicturesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PicturesService.name);
  private readonly owners = new Map<string, PictureOwner>();
  /** Sizes being made in this process: a second request for one waits for the first. */
  private readonly making = new Map<string, Promise<Buffer | null>>();
  private readonly rules: FetchRules;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PICTURE_STORE) private readonly store: PictureStore,
    @Inject(PICTURE_RESOLVER) resolve: Resolver,
    private readonly pictures: PicturesRepository,
    private readonly runner: ClaimedJobRunner,
  ) {
    const p = config.pictures;
    this.rules = {
      resolve,
      allow: new Set(p.importAllow),
      maxBytes: p.maxBytes,
      timeoutMs: p.importTimeoutSeconds * 1000,
      maxRedirects: 3,
    };
  }

  onApplicationBootstrap(): void {
    const p = this.config.pictures;
    this.runner.add<PictureImport>({
      name: IMPORT_JOB,
      everyMs: p.importIntervalMs,
      workers: 2,
      passLimit: PASS_LIMIT,
      // Longer than a fetch (at most 10 s) and the re-encoding after it.
      leaseMs: 60_000,
      claimNext: ({ owner, leaseMs }) => this.pictures.claimNextDue(owner, leaseMs),
      work: (row, { owner }) => this.importOne(row, owner),
      // Writing the outcome failed (the database): the import runs again after a while.
      pushBack: (row, { owner }, err) =>
        this.pictures.retryLater(row, owner, err.message, backoff(p.importRetrySeconds * 1000, row.attempts)),
    });
  }

  /** `kind` is the prefix of the import keys it owns (`class`, `user`). */
  registerOwner(kind: string, owner: PictureOwner): void {
    this.owners.set(kind, owner);
  }

  /** The served URL of a held picture (what the spec's URL fields carry once it is ready). */
  urlOf(id: string): string {
    return pictureUrl(this.config.mail.siteUrl, id);
  }

  /** Checks, re-encodes and keeps a picture; the same content is kept once. */
  async keep(bytes: Buffer): Promise<PictureInfo> {
    return this.keepNormalised(await normalisePicture(bytes, this.config.pictures.maxPixels));
  }

  /** Keeps a picture `normalisePicture` made (the seed keeps its demo artwork's made once per machine). */
  async keepNormalised({ id, master, width, height }: Normalised): Promise<PictureInfo> {
    await this.store.put(`${id}/master.webp`, master, 'image/webp');
    await this.pictures.addPicture({ id, width, height, bytes: master.length });
    return { id, width, height };
  }

  /** An upload: the same checks as an import, refusals as 400 with the reason. */
  async upload(bytes: Buffer): Promise<PictureInfo> {
    try {
      return await this.keep(bytes);
    } catch (err) {
      if (err instanceof PictureRefused) throw new BadRequestException(`Picture refused: ${err.message}`);
      throw err;
    }
  }

  /**
   * What a class or a person gets for a picture given as an upload's id or as a URL: a held picture at once, or an
   * import request (the caller stores the token with the pending status, then calls `startImport`). A URL that can
   * never be imported is refused here with 400.
   */
  async choose(given: { pictureId?: string; url?: string }): Promise<PictureChoice> {
    if (given.pictureId) {
      if (!(await this.pictures.findPicture(given.pictureId)))
        throw new BadRequestException('pictureId names no uploaded picture; upload it again');
      return { status: 'ready', id: given.pictureId, url: this.urlOf(given.pictureId) };
    }
    const url = given.url ?? '';
    // A URL of this site's own pictures is linked as it is, never fetched.
    const own = ownPictureId(this.config.mail.siteUrl, url);
    if (own && (await this.pictures.findPicture(own))) return { status: 'ready', id: own, url: this.urlOf(own) };
    const checked = checkImportUrl(url);
    if (typeof checked === 'string') throw new BadRequestException(`Photo URL ${checked}`);
    const literal = refusedLiteral(checked, this.rules.allow);
    if (literal) throw new BadRequestException(`Photo URL refused: ${literal}`);
    return { status: 'pending', token: randomUUID() };
  }

  /** Queues the import of `url` for `key` (`<kind>:<id>`) under `token`, and starts a pass now. */
  async startImport(key: string, token: string, url: string): Promise<void> {
    await this.pictures.request(key, token, url);
    this.runNow();
  }

  /** One pass of the import job now, in the background (the schedule would reach it too, a little later). */
  runNow(): void {
    void this.runner.run(IMPORT_JOB).catch((err: Error) => this.logger.warn(`Importing pictures: ${err.message}`));
  }

  /**
   * The one-off import of pictures stored as URLs before the site held them: each record is marked pending first
   * (so the pages keep the placeholder, never the URL), then queued like a new picture; a URL that can never be
   * imported fails at once. Returns how many were queued or linked.
   */
  async importStored(kind: string, records: StoredPictures): Promise<number> {
    let queued = 0;
    for (;;) {
      const found = await records.next(100);
      if (!found.length) return queued;
      for (const { id, url } of found) {
        const choice = await this.choose({ url }).catch((err: Error) => err);
        const token = choice instanceof Error || choice.status === 'ready' ? randomUUID() : choice.token;
        if (!(await records.claim(id, token))) continue;
        if (choice instanceof Error) await records.settle(id, token, { status: 'failed', error: choice.message }, url);
        else if (choice.status === 'ready')
          await records.settle(id, token, { status: 'ready', id: choice.id }, choice.url);
        else {
          await this.startImport(`${kind}:${id}`, token, url);
          queued++;
        }
      }
    }
  }

  /** Runs import passes until none is pending (retries included) or `untilMs` has passed; how the imports ended. */
  async drainImports(untilMs: number): Promise<Record<string, number>> {
    while (Date.now() < untilMs) {
      await this.runner.run(IMPORT_JOB);
      const { count, nextAt } = await this.pictures.pending();
      if (!count) break;
      const wait = Math.min(Math.max((nextAt?.getTime() ?? 0) - Date.now(), 250), 5000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return this.pictures.countByState();
  }

  findImport(key: string): Promise<PictureImport | null> {
    return this.pictures.findImport(key);
  }

  private async importOne(row: PictureImport, owner: string): Promise<string> {
    const [kind, id] = [row.key.slice(0, row.key.indexOf(':')), row.key.slice(row.key.indexOf(':') + 1)];
    const write = this.owners.get(kind);
    if (!write) throw new Error(`No owner of ${kind} pictures is registered`);
    let picture: PictureInfo;
    try {
      picture = await this.keep(await fetchPicture(row.url, this.rules));
    } catch (err) {
      const message = (err as Error).message;
      const permanent = err instanceof ImportRefused || err instanceof PictureRefused;
      const attempts = row.attempts + 1;
      if (!permanent && attempts < this.config.pictures.importAttempts) {
        const next = backoff(this.config.pictures.importRetrySeconds * 1000, row.attempts);
        this.logger.warn(`Picture ${row.key}: ${message}; trying again at ${next.toISOString()}`);
        await this.pictures.retryLater(row, owner, message, next);
        return 'retrying';
      }
      const error = permanent ? message : `${message} (after ${attempts} tries)`;
      this.logger.warn(`Picture ${row.key} not imported: ${error}`);
      // The record first (only while it still asks for this import), then the row: a stop in between imports again.
      await write(id, row.token, { status: 'failed', error }, row.url);
      await this.pictures.settle(row, owner, { state: 'failed', error });
      return 'failed';
    }
    await write(id, row.token, { status: 'ready', id: picture.id }, this.urlOf(picture.id));
    await this.pictures.settle(row, owner, { state: 'done', pictureId: picture.id });
    return 'imported';
  }

  /**
   * One served size of a picture: made once from the kept picture and stored beside it; null when there is no such
   * picture. Widths outside the fixed set are refused (each size is made once, so the set must stay small).
   */
  async variant(id: string, width: number, format: PictureFormat): Promise<Buffer | null> {
    if (!PICTURE_WIDTHS.includes(width as PictureWidth)) throw new NotFoundException('No such picture size');
    const key = `${id}/${width}.${format}`;
    const made = this.making.get(key);
    if (made) return made;
    const making = (async () => {
      const stored = await this.store.get(key);
      if (stored) return stored;
      const master = await this.store.get(`${id}/master.webp`);
      if (!master) return null;
      const body = await encodeVariant(master, width, format);
      await this.store.put(key, body, CONTENT_TYPES[format]);
      return body;
    })().finally(() => this.making.delete(key));
    this.making.set(key, making);
    return making;
  }

  get maxUploadBytes(): number {
    return this.config.pictures.maxBytes;
  }

  get uploadLimitText(): string {
    return `${Math.round(this.config.pictures.maxBytes / MB)} MB`;
  }
}
