import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import type { Caller } from '../auth/caller';
import type { Participant } from '../campers/camper.model';
import { CampersService } from '../campers/campers.service';
import { AlreadyExistsError } from '../common/domain-errors';
import { pageWindow, type Paged, type PageQueryDto } from '../common/paging';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { PublishWaiverDto, SignWaiverDto, SignatureQueryDto } from './waiver.dto';
import { waiverDocument } from './waiver-document';
import type {
  CamperWaiver,
  SignatureListItem,
  SignatureView,
  WaiverSignature,
  WaiverState,
  WaiverVersion,
} from './waiver.model';
import { WaiversRepository } from './waivers.repository';

const signatureView = (s: WaiverSignature): SignatureView => ({
  _id: s._id,
  version: s.version,
  camperId: s.camperId,
  camperName: s.camperName,
  typedName: s.typedName,
  signedAt: s.signedAt,
});

/**
 * The camp's waiver (docs/families.md, Waivers): admins publish versions; a family signs the current one for each
 * camper, and a camper's seat is paid for only with it signed. The account holder enrolled for itself is not asked:
 * the waiver is a parent's consent for a child.
 */
@Injectable()
export class WaiversService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly waivers: WaiversRepository,
    private readonly campers: CampersService,
  ) {}

  onModuleInit(): void {
    this.campers.useFamilyRecords('waiverSignatures', {
      exportFor: async (email) =>
        (await this.waivers.forFamily(email)).map((s) => ({ ...signatureView(s), title: s.title, text: s.text })),
    });
  }

  async current(): Promise<{ current: WaiverVersion | null }> {
    return { current: await this.waivers.current() };
  }

  async versions(query: PageQueryDto): Promise<Paged<WaiverVersion>> {
    const window = pageWindow(query);
    return { ...(await this.waivers.versionPage(window)), page: window.page, limit: window.limit };
  }

  /** A change becomes the next version; the same title and text again is refused (nothing would change). */
  async publish(caller: Caller, dto: PublishWaiverDto): Promise<WaiverVersion> {
    const current = await this.waivers.current();
    if (current && current.title === dto.title && current.text === dto.text)
      throw new ConflictException(
        'This is the current waiver already: change its title or text to publish a new version',
      );
    try {
      return await this.waivers.insertVersion({
        version: (current?.version ?? 0) + 1,
        title: dto.title,
        text: dto.text,
        publishedAt: new Date(),
        publishedBy: caller.email,
      });
    } catch (err) {
      if (err instanceof AlreadyExistsError)
        throw new ConflictException('Another version was published meanwhile: review it before publishing yours');
      throw err;
    }
  }

  /** The current waiver and where each of the family's campers stands with it. */
  async family(caller: Caller): Promise<{ current: WaiverVersion | null; campers: CamperWaiver[] }> {
    const [current, campers] = await Promise.all([this.waivers.current(), this.campers.list(caller)]);
    const latest = await this.waivers.latestFor(campers.map((c) => c._id));
    return {
      current,
      campers: campers.map((c) => {
        const s = latest.get(c._id);
        return {
          camperId: c._id,
          camperName: c.name,
          signedVersion: s?.version ?? null,
          signedAt: s?.signedAt ?? null,
          upToDate: !current || s?.version === current.version,
        };
      }),
    };
  }

  /** Signs the version the family read, which must still be the current one; signing it again changes nothing. */
  async sign(caller: Caller, dto: SignWaiverDto): Promise<{ signature: SignatureView; created: boolean }> {
    const { camper } = await this.campers.participant(caller, dto.camperId);
    const current = await this.waivers.current();
    if (!current) throw new ConflictException('No waiver is published: there is nothing to sign');
    if (dto.version !== current.version)
      throw new ConflictException(`The waiver has changed: read version ${current.version} and sign it`);
    const { signature, created } = await this.waivers.sign({
      version: current.version,
      title: current.title,
      text: current.text,
      accountEmail: caller.email,
      camperId: camper!._id,
      camperName: camper!.name,
      typedName: dto.typedName,
      signedAt: new Date(),
    });
    return { signature: signatureView(signature), created };
  }

  async signatures(query: SignatureQueryDto): Promise<Paged<SignatureListItem>> {
    const window = pageWindow(query);
    const { items, total } = await this.waivers.signaturePage(query.q, window);
    return {
      items: items.map((s) => ({ ...signatureView(s), title: s.title, accountEmail: s.accountEmail })),
      total,
      page: window.page,
      limit: window.limit,
    };
  }

  async document(id: string): Promise<{ filename: string; body: string }> {
    const signature = await this.waivers.signatureById(id);
    if (!signature) throw new NotFoundException('Signature not found');
    return waiverDocument(signature, this.config.campTimeZone);
  }

  /** Before a camper's seat is paid for: the current version must be signed for them. */
  async requireSigned(who: Participant): Promise<void> {
    if (!who.camperId) return;
    const current = await this.waivers.current();
    if (!current || (await this.waivers.hasSigned(who.camperId, current.version))) return;
    throw new ConflictException(
      `Sign the current waiver (version ${current.version}) for ${who.camperName ?? 'this camper'} before paying`,
    );
  }

  /** For rosters: each camper's state with the current version; null when no waiver is published. */
  async statesFor(camperIds: string[]): Promise<Map<string, WaiverState> | null> {
    const current = await this.waivers.current();
    if (!current) return null;
    const latest = await this.waivers.latestFor(camperIds);
    return new Map(camperIds.map((id) => [id, latest.get(id)?.version === current.version ? 'signed' : 'missing']));
  }
}
