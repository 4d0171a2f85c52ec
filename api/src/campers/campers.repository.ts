import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import type { Camper, Pickup } from './camper.model';
import { CamperRecord } from './camper.schema';

type LeanCamper = CamperRecord & { _id: Types.ObjectId };

const toPickup = (p: { _id: Types.ObjectId; name: string; relationship: string; phone: string }): Pickup => ({
  _id: p._id.toString(),
  name: p.name,
  relationship: p.relationship,
  phone: p.phone,
});

const toCamper = (d: LeanCamper): Camper => ({
  _id: d._id.toString(),
  accountEmail: d.accountEmail,
  name: d.name,
  dateOfBirth: d.dateOfBirth,
  notes: d.notes ?? '',
  emergencyContact: d.emergencyContact,
  emergencyPhone: d.emergencyPhone,
  pickups: (d.pickups ?? []).map(toPickup),
  createdAt: d.createdAt,
});

export type CamperFields = Pick<Camper, 'name' | 'dateOfBirth' | 'notes' | 'emergencyContact' | 'emergencyPhone'>;

@Injectable()
export class CampersRepository {
  constructor(@InjectModel(CamperRecord.name) private readonly model: Model<CamperRecord>) {}

  async insert(accountEmail: string, fields: CamperFields): Promise<Camper> {
    const doc = await this.model.create({ ...fields, accountEmail, createdAt: new Date() });
    return toCamper(doc.toObject() as LeanCamper);
  }

  async listFor(accountEmail: string): Promise<Camper[]> {
    const docs = await this.model.find({ accountEmail }).sort({ createdAt: 1, _id: 1 }).lean<LeanCamper[]>().exec();
    return docs.map(toCamper);
  }

  countFor(accountEmail: string): Promise<number> {
    return this.model.countDocuments({ accountEmail }).exec();
  }

  /** Only the account's own camper: another family's id behaves as unknown. */
  async findOwned(id: string, accountEmail: string): Promise<Camper | null> {
    const d = await this.model.findOne({ _id: id, accountEmail }).lean<LeanCamper>().exec();
    return d ? toCamper(d) : null;
  }

  async findMany(ids: string[]): Promise<Camper[]> {
    const valid = ids.filter((id) => Types.ObjectId.isValid(id));
    if (!valid.length) return [];
    const docs = await this.model
      .find({ _id: { $in: valid.map((id) => new Types.ObjectId(id)) } })
      .lean<LeanCamper[]>()
      .exec();
    return docs.map(toCamper);
  }

  async updateOwned(id: string, accountEmail: string, set: Partial<CamperFields>): Promise<Camper | null> {
    const d = await this.model
      .findOneAndUpdate({ _id: id, accountEmail }, { $set: set }, { returnDocument: 'after' })
      .lean<LeanCamper>()
      .exec();
    return d ? toCamper(d) : null;
  }

  /**
   * Adds a pick-up to the account's own camper while it has fewer than `max`, in one conditional write (two adds at
   * once cannot pass the limit together). Null: no such camper of the account's; 'full' when at the limit.
   */
  async addPickup(
    id: string,
    accountEmail: string,
    pickup: Omit<Pickup, '_id'>,
    max: number,
  ): Promise<Camper | 'full' | null> {
    const d = await this.model
      .findOneAndUpdate(
        { _id: id, accountEmail, [`pickups.${max - 1}`]: { $exists: false } },
        { $push: { pickups: { _id: new Types.ObjectId(), ...pickup } } },
        { returnDocument: 'after' },
      )
      .lean<LeanCamper>()
      .exec();
    if (d) return toCamper(d);
    return (await this.findOwned(id, accountEmail)) ? 'full' : null;
  }

  /** Removes one pick-up of the account's own camper; null when there is no such camper (or pick-up). */
  async removePickup(id: string, accountEmail: string, pickupId: string): Promise<Camper | null> {
    if (!Types.ObjectId.isValid(pickupId)) return null;
    const d = await this.model
      .findOneAndUpdate(
        { _id: id, accountEmail, 'pickups._id': new Types.ObjectId(pickupId) },
        { $pull: { pickups: { _id: new Types.ObjectId(pickupId) } } },
        { returnDocument: 'after' },
      )
      .lean<LeanCamper>()
      .exec();
    return d ? toCamper(d) : null;
  }

  async deleteOwned(id: string, accountEmail: string): Promise<number> {
    return (await this.model.deleteOne({ _id: id, accountEmail }).exec()).deletedCount;
  }
}
