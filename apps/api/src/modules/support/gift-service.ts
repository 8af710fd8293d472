import {
  translate,
  type HelpPayBody,
  type Locale,
  type MyGiftListData,
  type OrderConfirmBody,
  type OrderConfirmData,
  type PayRequestData,
  type SupportGiveBody,
  type SupportGiveData,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { LedgerError, SUPPORT_FUND, walletOf } from '../ledger/policy';
import type { LedgerService } from '../ledger/service';
import type { NewOrderSpec } from '../payment/service';
import type { EventWithStation, ItemRow, SupportEventRepository } from './event-repository';
import type { GiftRow, SupportGiftRepository } from './gift-repository';
import { clipBytes, giftLedgerKey, giftReference, giftRefusal, pointsCost } from './policy';
import { eventTexts, toGift, toItem, toMyGift, toStation } from './presenter';

/** Thrown inside a gift's transaction when its key was used before: rolls back, then answers the first gift. */
class KeyUsed extends Error {
  constructor() {
    super('idempotency key used');
  }
}

export interface SupportGiftServiceDeps {
  gifts: SupportGiftRepository;
  events: SupportEventRepository;
  /** A ledger working inside the caller's transaction. */
  ledgerIn: (tx: Database) => Pick<LedgerService, 'record'>;
  /** The payment path (decision 010): orders placed with the configured provider. */
  payments: { placeOrder(userId: number, spec: NewOrderSpec, locale: Locale): Promise<PayRequestData> };
  /** What one coin costs when paid with money (fen). */
  coinValue: () => Promise<number>;
  currency: string;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  clock: Clock;
}

/**
 * Giving to support items (decision 016): points paid with coins — one database transaction moves the coins
 * wallet → support fund (the ledger, idempotent per user and key), adds the points to the item (never past its
 * target, never on a closed event) and records the gift — or paid with money through help-pay (an order with
 * purpose help_pay, credited by supportHelpPayCrediting when the provider says it was paid).
 */
export class SupportGiftService {
  private readonly givenListeners = new Set<(gift: GiftRow) => void>();

  constructor(private readonly deps: SupportGiftServiceDeps) {}

  /** Listens to gifts paid with coins, after each one's transaction committed; returns the unsubscribe. */
  onGiven(listener: (gift: GiftRow) => void): () => void {
    this.givenListeners.add(listener);
    return () => this.givenListeners.delete(listener);
  }

  /** POST /api/support/give. */
  async give(userId: number, body: SupportGiveBody): Promise<SupportGiveData> {
    const ledgerKey = giftLedgerKey(userId, body.idempotency_key);
    const earlier = await this.deps.gifts.byKey(userId, ledgerKey);
    if (earlier) return this.replay(earlier, body);
    const found = await this.deps.events.itemById(body.item_id);
    if (!found) throw new AppError('not_found');
    this.refuseUnlessFits(found.item, found.event.status, body.points);
    const coins = pointsCost(found.item.price, body.points);
    const now = this.deps.clock.now();

    const given = await this.deps.gifts
      .transaction(async (repo, events, tx) => {
        // The coins first: a second request with this key waits on the key, then finds it taken.
        const transaction = await this.deps.ledgerIn(tx).record({
          kind: 'support',
          idempotencyKey: ledgerKey,
          reference: giftReference(found.item.id),
          entries: [
            { account: walletOf(userId), amount: -coins },
            { account: SUPPORT_FUND, amount: coins },
          ],
        });
        if (transaction.replayed) throw new KeyUsed();
        const item = await events.addPoints(found.item.id, body.points, true);
        if (!item) {
          // Another gift filled it, or the event closed, since it was read: say which (nothing is kept).
          const current = await events.itemById(found.item.id);
          this.refuseUnlessFits(current?.item ?? found.item, current?.event.status ?? 'closed', body.points);
          throw new AppError('support_item_full');
        }
        const gift = await repo.insert({
          userId,
          itemId: item.id,
          eventId: item.eventId,
          points: body.points,
          coins,
          source: 'coins',
          idempotencyKey: ledgerKey,
          ledgerTransactionId: transaction.id,
          paymentOrderId: null,
          amount: 0,
          createdAt: now,
        });
        return { gift, item, balance: await repo.shownBalance(userId) };
      })
      .catch((error: unknown) => {
        if (error instanceof KeyUsed) return undefined;
        // The same key with another item or number of points.
        if (error instanceof LedgerError && error.code === 'idempotency_conflict')
          throw new AppError('validation_failed');
        throw error;
      });
    if (!given) {
      const first = await this.deps.gifts.byKey(userId, ledgerKey);
      if (!first) throw new Error(`support gift key ${ledgerKey} vanished`);
      return this.replay(first, body);
    }
    this.deps.onWalletChange(userId);
    for (const listener of this.givenListeners) listener(given.gift);
    const supporters = await this.deps.events.supportersOf([given.item.id]);
    return {
      gift: toGift(given.gift),
      item: toItem(given.item, supporters.get(given.item.id) ?? 0),
      balance: given.balance,
      replayed: false,
    };
  }

  /** POST /api/support/myGifts: the user's gifts with coins and help-pay, newest first. */
  async mine(userId: number, q: { page: number; limit: number }, reader: Locale): Promise<MyGiftListData> {
    const { rows, total } = await this.deps.gifts.ofUser(userId, q.page, q.limit);
    return { list: rows.map((r) => toMyGift(r, reader)), total, page: q.page, limit: q.limit };
  }

  /** POST /api/support/orderConfirm: what a help-pay would pay, and to whom (the title in the reader's language). */
  async orderConfirm(body: OrderConfirmBody, reader: Locale): Promise<OrderConfirmData> {
    const found = await this.payable(body);
    const texts = eventTexts(found.event, reader);
    const coins = pointsCost(found.item.price, body.points);
    const supporters = await this.deps.events.supportersOf([found.item.id]);
    return {
      station: toStation(found.station),
      event: { id: found.event.id, title: texts.title, status: found.event.status, text_lang: texts.text_lang },
      item: toItem(found.item, supporters.get(found.item.id) ?? 0),
      points: body.points,
      coins,
      amount: coins * (await this.deps.coinValue()),
      currency: this.deps.currency,
      remaining: Math.max(0, found.item.target - found.item.completed),
    };
  }

  /** POST /api/balance/HelpPay: an order paying for points of an item, to its rescue station. */
  async helpPay(userId: number, body: HelpPayBody, locale: Locale): Promise<PayRequestData> {
    const found = await this.payable(body);
    const coins = pointsCost(found.item.price, body.points);
    const description = translate(locale, 'support.helpPayDescription', {
      item: found.item.title,
      points: body.points,
      station: found.station.name,
    });
    return this.deps.payments.placeOrder(
      userId,
      {
        purpose: 'help_pay',
        packageId: found.item.id,
        rescueStationId: found.station.id,
        amount: coins * (await this.deps.coinValue()),
        coins,
        description: clipBytes(description, 127),
        openid: body.openid,
      },
      locale,
    );
  }

  /** The item of a help-pay, checked: it exists at that rescue station, its event is live, the points fit. */
  private async payable(body: OrderConfirmBody): Promise<EventWithStation & { item: ItemRow }> {
    const found = await this.deps.events.itemById(body.id);
    // An item of another station answers like a missing one.
    if (found?.station.id !== body.rescue_station_id) throw new AppError('not_found');
    this.refuseUnlessFits(found.item, found.event.status, body.points);
    return found;
  }

  private refuseUnlessFits(item: { completed: number; target: number }, eventStatus: string, points: number) {
    const refusal = giftRefusal(item, eventStatus, points);
    if (refusal) throw new AppError(refusal.id, refusal.params);
  }

  /** The first gift of a key, answered again (the same item and points, or the request is refused). */
  private async replay(gift: GiftRow, body: SupportGiveBody): Promise<SupportGiveData> {
    if (gift.itemId !== body.item_id || gift.points !== body.points) throw new AppError('validation_failed');
    const [found, supporters, balance] = await Promise.all([
      this.deps.events.itemById(gift.itemId),
      this.deps.events.supportersOf([gift.itemId]),
      this.deps.gifts.shownBalance(gift.userId),
    ]);
    if (!found) throw new Error(`support item ${String(gift.itemId)} vanished`);
    return {
      gift: toGift(gift),
      item: toItem(found.item, supporters.get(gift.itemId) ?? 0),
      balance,
      replayed: true,
    };
  }
}
